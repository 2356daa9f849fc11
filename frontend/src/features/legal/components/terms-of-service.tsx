import { Stack } from '@chakra-ui/react';
import { ContentPage } from '@/components/layouts/content-page';
import { LastUpdated, LegalSections, type LegalSection } from './legal-sections';

const SECTIONS: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    paragraphs: ['By creating an account or using Schedule & Autopost you agree to these terms. If you do not agree, do not use the service.'],
  },
  {
    title: 'Description of Service',
    paragraphs: [
      'Schedule & Autopost lets you connect social media accounts, compose posts with a caption per platform, attach images or videos, and schedule them for automatic publishing to Instagram, Facebook, X, TikTok and YouTube.',
    ],
  },
  {
    title: 'User Accounts',
    paragraphs: [
      'You must be at least 18 years old, or have the consent of a parent or legal guardian, to use the service. You are responsible for keeping your password safe and for everything done with your account. Give us accurate information and keep it up to date.',
    ],
  },
  {
    title: 'Acceptable Use',
    paragraphs: ['You agree not to use the service to:'],
    bullets: [
      'publish unlawful, harmful, deceptive, hateful or infringing content;',
      'send spam or run inauthentic or automated engagement schemes;',
      'try to break, overload or gain unauthorised access to the service or other users’ data.',
    ],
  },
  {
    title: 'Platform Compliance',
    paragraphs: [
      'Each social platform has its own terms, community guidelines and API policies. You are responsible for following them for every post you publish through us. A platform may reject or remove content or limit your account; we are not responsible for their decisions.',
    ],
  },
  {
    title: 'Intellectual Property',
    paragraphs: [
      'You keep all rights to the content you upload and grant us only the licence needed to store, process and publish it as you instruct. The service itself, including its software and design, belongs to us.',
    ],
  },
  {
    title: 'Service Availability',
    paragraphs: [
      'We work to keep the service available and to publish on time, but we do not guarantee uninterrupted operation. Maintenance, platform outages or API changes may delay or prevent a post; when that happens we tell you in the app.',
    ],
  },
  {
    title: 'Limitation of Liability',
    paragraphs: [
      'To the extent the law allows, the service is provided "as is" and we are not liable for indirect or consequential losses, lost profits or lost data. Our total liability is limited to the amount you paid us in the twelve months before the claim.',
    ],
  },
  {
    title: 'Termination',
    paragraphs: [
      'You can stop using the service and delete your account at any time. We may suspend or close accounts that break these terms. Paid plans can be canceled anytime and stay active until the end of the current period.',
    ],
  },
  {
    title: 'Changes to Terms',
    paragraphs: ['We may change these terms. We update the Last Updated date above; continuing to use the service means you accept the new terms.'],
  },
  {
    title: 'Governing Law',
    paragraphs: [
      'These terms are governed by the laws of the jurisdiction in which Schedule & Autopost is established, without regard to conflict-of-law rules.',
    ],
  },
  {
    title: 'Contact Information',
    paragraphs: ['Questions about these terms? Reach us through the Contact Us page; we reply within 24 hours on working days.'],
  },
];

export function TermsOfService() {
  return (
    <ContentPage title="Terms of Service" intro="The rules for using Schedule & Autopost.">
      <Stack gap="8">
        <LastUpdated />
        <LegalSections sections={SECTIONS} />
      </Stack>
    </ContentPage>
  );
}
