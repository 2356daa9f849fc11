import { defineSandboxNetwork } from './sandbox-network';

export const threads = defineSandboxNetwork({
  id: 'threads',
  app: { clientId: '100000000000003', clientSecret: 'sandbox-threads-secret' },
  identities: [
    { id: '27300000000000001', name: 'Corner Café', username: 'cornercafe' },
    { id: '27300000000000002', name: 'Ada Bakes', username: 'ada.bakes' },
  ],
  look: {
    name: 'Threads',
    logo: '<span style="font:700 26px -apple-system,system-ui,sans-serif">@ threads</span>',
    bg: '#fff',
    card: '#fff',
    text: '#000',
    muted: '#999',
    accent: '#000',
    font: '-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif',
  },
});
