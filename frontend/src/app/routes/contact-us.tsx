import { ContactPage } from '@/features/contact/components/contact-page';

export default function ContactUsRoute() {
  return <ContactPage />;
}
