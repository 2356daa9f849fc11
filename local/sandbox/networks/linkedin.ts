import { defineSandboxNetwork } from './sandbox-network';

export const linkedin = defineSandboxNetwork({
  id: 'linkedin',
  app: { clientId: '86sbxlinkedin01', clientSecret: 'sandbox-linkedin-secret' },
  identities: [
    {
      id: 'sbxAdaBaker01',
      name: 'Ada Baker',
      username: 'ada-baker',
      pages: [{ id: '90100001', name: 'Corner Café', category: 'Food and beverage services' }],
    },
    { id: 'sbxBenOrtiz02', name: 'Ben Ortiz', username: 'ben-ortiz' },
  ],
  look: {
    name: 'LinkedIn',
    logo: '<span style="font:700 26px -apple-system,system-ui,sans-serif;color:#0a66c2">Linked<span style="background:#0a66c2;color:#fff;border-radius:4px;padding:0 4px;margin-left:2px">in</span></span>',
    bg: '#f4f2ee',
    card: '#fff',
    text: 'rgba(0,0,0,.9)',
    muted: 'rgba(0,0,0,.6)',
    accent: '#0a66c2',
    font: '-apple-system,system-ui,"Segoe UI",Roboto,Helvetica,Arial,sans-serif',
  },
});
