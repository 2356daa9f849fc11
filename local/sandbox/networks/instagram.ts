import { defineSandboxNetwork } from './sandbox-network';

export const instagram = defineSandboxNetwork({
  id: 'instagram',
  app: { clientId: '100000000000002', clientSecret: 'sandbox-instagram-secret' },
  identities: [
    { id: '17840000000000001', name: 'Corner Café', username: 'cornercafe' },
    { id: '17840000000000002', name: 'Ada Bakes', username: 'ada.bakes' },
  ],
  look: {
    name: 'Instagram',
    logo: '<span style="font:italic 600 28px \'Segoe Script\',cursive;background:linear-gradient(45deg,#f09433,#dc2743,#bc1888);-webkit-background-clip:text;background-clip:text;color:transparent">Instagram</span>',
    bg: '#fafafa',
    card: '#fff',
    text: '#262626',
    muted: '#737373',
    accent: '#0095f6',
    font: '-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif',
  },
});
