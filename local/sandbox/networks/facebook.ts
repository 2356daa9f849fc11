import { defineSandboxNetwork } from './sandbox-network';

export const facebook = defineSandboxNetwork({
  id: 'facebook',
  app: { clientId: '100000000000001', clientSecret: 'sandbox-facebook-secret' },
  identities: [
    {
      id: '10200000000000001',
      name: 'Ada Baker',
      username: 'ada.baker',
      pages: [
        { id: '61500000000000001', name: 'Corner Café', category: 'Coffee shop' },
        { id: '61500000000000002', name: 'Ada Bakes', category: 'Bakery' },
        { id: '61500000000000003', name: 'Riverside Market', category: 'Farmers market' },
      ],
    },
    {
      id: '10200000000000002',
      name: 'Ben Ortiz',
      username: 'ben.ortiz',
      pages: [
        { id: '61500000000000011', name: 'Ortiz Cycles', category: 'Bicycle shop' },
        { id: '61500000000000012', name: 'Trail Riders Club', category: 'Sports club' },
      ],
    },
  ],
  look: {
    name: 'Facebook',
    logo: '<span style="font:700 28px Helvetica,Arial,sans-serif;color:#0866ff">facebook</span>',
    bg: '#f0f2f5',
    card: '#fff',
    text: '#050505',
    muted: '#65676b',
    accent: '#0866ff',
    font: 'Helvetica,Arial,sans-serif',
  },
});
