import { Stack } from '@chakra-ui/react';
import { ContentPage } from '@/components/layouts/content-page';
import { LastUpdated, LegalSections, type LegalSection } from './legal-sections';

const SECTIONS: LegalSection[] = [
  {
    title: 'Information We Collect',
    paragraphs: ['We collect only what we need to run the service:'],
    bullets: [
      'Account details: your e-mail address, and the nickname, bio, website and profile picture you choose to add.',
      'Content you create: post captions, titles, schedule times, and the images and videos you upload.',
      'Connected accounts: the name and id of each social account you connect, and the access tokens the platform grants us, stored encrypted.',
      'Preferences: your timezone, mode (creator or agency), notification choice and the clients you add.',
      'Billing: your plan and subscription status. Card details are handled by our payment provider and never reach our servers.',
    ],
  },
  {
    title: 'How We Use Your Information',
    bullets: [
      'To publish your posts to the platforms you chose, at the time you chose.',
      'To show your posts, calendar, usage and notifications in the dashboard.',
      'To send service e-mails such as address verification.',
      'To keep the service secure, prevent abuse and fix problems.',
    ],
  },
  {
    title: 'How We Share Information',
    paragraphs: [
      'We do not sell your personal information. We share data only with the social platforms you connect (to publish your content), with our payment provider (to manage your subscription) and with the infrastructure providers that host the service, or when the law requires it.',
    ],
  },
  {
    title: 'Data Security',
    paragraphs: [
      'Data is encrypted in transit and at rest. Platform access tokens are encrypted with a dedicated key before they are stored and are never shown in the browser. Media files are private and reached only through short-lived links.',
    ],
  },
  {
    title: 'Your Rights',
    paragraphs: [
      'You can see and correct your profile at any time in Settings, disconnect any social account, and ask us for a copy of your data or to stop processing it. Depending on where you live, you may have further rights under local law.',
    ],
  },
  {
    title: 'Data Retention',
    paragraphs: [
      'We keep your data while your account is open. You can delete your account at any time from Settings → Advanced Settings: this permanently removes your posts, media, connected accounts, tokens, clients, notifications, settings and profile.',
    ],
  },
  {
    title: 'Changes to This Policy',
    paragraphs: ['We may update this policy. When we do, we change the Last Updated date above and, for significant changes, let you know in the app.'],
  },
];

export function PrivacyPolicy() {
  return (
    <ContentPage title="Privacy Policy" intro="How Schedule & Autopost collects, uses and protects your information.">
      <Stack gap="8">
        <LastUpdated />
        <LegalSections sections={SECTIONS} />
      </Stack>
    </ContentPage>
  );
}
