import { defineSandboxNetwork } from './sandbox-network';

export const youtube = defineSandboxNetwork({
  id: 'youtube',
  app: { clientId: 'sandbox-youtube.apps.googleusercontent.com', clientSecret: 'GOCSPX-sandbox-youtube-secret' },
  identities: [
    { id: 'UCsbx000000000000000ada1', name: 'Ada Bakes', username: '@adabakes' },
    { id: 'UCsbx000000000000000cafe', name: 'Corner Café TV', username: '@cornercafetv' },
  ],
  look: {
    name: 'YouTube',
    logo: '<span style="font:700 26px Roboto,Arial,sans-serif"><span style="background:#f00;color:#fff;border-radius:6px;padding:0 6px">▶</span> YouTube</span>',
    bg: '#0f0f0f',
    card: '#1f1f1f',
    text: '#f1f1f1',
    muted: '#aaa',
    accent: '#3ea6ff',
    font: 'Roboto,Arial,sans-serif',
  },
});
