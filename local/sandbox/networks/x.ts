import { defineSandboxNetwork } from './sandbox-network';

export const x = defineSandboxNetwork({
  id: 'x',
  app: { clientId: 'sandbox-x-client', clientSecret: 'sandbox-x-secret' },
  identities: [
    { id: '1790000000000000001', name: 'Ada Baker', username: 'ada_bakes' },
    { id: '1790000000000000002', name: 'Corner Café', username: 'cornercafe' },
  ],
  look: {
    name: 'X',
    logo: '<span style="font:900 28px system-ui">𝕏</span>',
    bg: '#000',
    card: '#000',
    text: '#e7e9ea',
    muted: '#71767b',
    accent: '#1d9bf0',
    font: '-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif',
  },
});
