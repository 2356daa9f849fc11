import { defineSandboxNetwork } from './sandbox-network';

export const pinterest = defineSandboxNetwork({
  id: 'pinterest',
  app: { clientId: '1500001', clientSecret: 'sandbox-pinterest-secret' },
  identities: [
    { id: '1090000000000000001', name: 'Corner Café', username: 'cornercafe' },
    { id: '1090000000000000002', name: 'Ada Bakes', username: 'adabakes' },
  ],
  look: {
    name: 'Pinterest',
    logo: '<span style="font:700 26px Helvetica,Arial,sans-serif;color:#e60023">Pinterest</span>',
    bg: '#fff',
    card: '#fff',
    text: '#111',
    muted: '#767676',
    accent: '#e60023',
    font: '-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif',
  },
});
