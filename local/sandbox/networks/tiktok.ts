import { defineSandboxNetwork } from './sandbox-network';

export const tiktok = defineSandboxNetwork({
  id: 'tiktok',
  app: { clientId: 'sbxtiktokclientkey', clientSecret: 'sandbox-tiktok-secret' },
  identities: [
    { id: '-000sbxOpenIdAdaBakes001', name: 'Ada Bakes', username: 'adabakes' },
    { id: '-000sbxOpenIdCornerCafe02', name: 'Corner Café', username: 'cornercafe' },
  ],
  look: {
    name: 'TikTok',
    logo: '<span style="font:800 28px Arial,sans-serif;color:#fff;text-shadow:-2px -2px 0 #25f4ee,2px 2px 0 #fe2c55">TikTok</span>',
    bg: '#121212',
    card: '#1e1e1e',
    text: '#fff',
    muted: 'rgba(255,255,255,.6)',
    accent: '#fe2c55',
    font: 'Arial,sans-serif',
  },
});
