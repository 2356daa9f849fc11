import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SocialAccount } from '@shared/accounts';
import { PLATFORM_NAMES } from '@shared/platforms';
import { UiProvider } from '@/components/ui/provider';
import { ComposePreviews } from '@/features/compose/components/preview/compose-previews';
import { PlatformPreview, type PlatformPreviewProps } from '@/features/compose/components/preview/platform-preview';
import { foldCaption, previewCrop, type PreviewMedia } from '@/features/compose/components/preview/preview-rules';
import type { ComposeMedia } from '@/features/compose/hooks/use-media-uploads';
import { socialAccount } from './helpers/api-mock';

/** The Compose previews: caption folds, the first frame's crop, carousel dots, first comment and thread. */
const photo = (width: number | null, height: number | null, n = 1): PreviewMedia => ({ url: `https://media.example/p${n}.jpg`, kind: 'image', width, height });
const LONG =
  'Fresh sourdough every morning at the corner café, baked with local flour and patience; come early because the first batch always sells out before nine #bakery #sourdough';

function showPreview(props: Partial<PlatformPreviewProps> & Pick<PlatformPreviewProps, 'platform'>) {
  render(
    <UiProvider>
      <PlatformPreview accountName="@cornercafe" caption={LONG} media={[]} {...props} />
    </UiProvider>,
  );
  return screen.getByRole('region', {
    name: `${PLATFORM_NAMES[props.platform]} preview`,
  });
}

describe('caption folds', () => {
  it('Instagram folds after 125 characters at a word and says "… more"', () => {
    const region = showPreview({ platform: 'instagram', media: [photo(1080, 1080)] });
    const caption = within(region).getByTestId('preview-caption-instagram');
    expect(caption.textContent).toMatch(/… more$/);
    const shown = caption.textContent!.replace(/… more$/, '');
    expect([...shown].length).toBeLessThanOrEqual(125);
    expect(LONG.startsWith(shown)).toBe(true);
    expect(shown).toMatch(/\S$/);
  });

  it('X shows the whole post, and a short Instagram caption is not folded', () => {
    const region = showPreview({ platform: 'x' });
    expect(within(region).getByTestId('preview-caption-x').textContent).toBe(LONG);
    expect(foldCaption('instagram', 'Short and sweet')).toEqual({ shown: 'Short and sweet', folded: false, more: null });
    expect(foldCaption('facebook', LONG).folded).toBe(false);
  });

  it('never cuts inside an emoji', () => {
    const emojis = '👩‍🍳'.repeat(130);
    const folded = foldCaption('instagram', emojis);
    expect(folded.folded).toBe(true);
    expect(folded.shown).toBe('👩‍🍳'.repeat(125));
  });
});

describe('the first frame, cropped as each network crops it', () => {
  it('Instagram shows a tall photo at 4:5, cropped, and a square one as it is', () => {
    const region = showPreview({ platform: 'instagram', media: [photo(1080, 1920)] });
    const frame = within(region).getByTestId('preview-crop-instagram');
    expect(frame.dataset.ratio).toBe('4:5');
    expect(frame).toHaveAccessibleName('First image shown at 4:5, cropped to fit');
    expect(previewCrop('instagram', [photo(1080, 1080)])).toEqual({ ratio: 1, label: '1:1', cropped: false });
    expect(previewCrop('facebook', [photo(3000, 1000)])).toMatchObject({ ratio: 1.91, label: '1.91:1', cropped: true });
  });

  it('TikTok and YouTube fill 9:16; X shows no frame', () => {
    expect(previewCrop('tiktok', [{ url: null, kind: 'video', width: 1080, height: 1920 }])).toEqual({ ratio: 9 / 16, label: '9:16', cropped: false });
    expect(previewCrop('youtube', [{ url: null, kind: 'video', width: 1920, height: 1080 }])).toMatchObject({ label: '9:16', cropped: true });
    const region = showPreview({ platform: 'x', media: [photo(1080, 1080)] });
    expect(within(region).queryByRole('img')).toBeNull();
  });

  it('an Instagram carousel is cropped to its first item and shows one dot per item', () => {
    const region = showPreview({ platform: 'instagram', media: [photo(1080, 1350, 1), photo(1080, 1080, 2), photo(1920, 1080, 3)] });
    expect(within(region).getByTestId('preview-crop-instagram').dataset.ratio).toBe('4:5');
    const dots = within(region).getByTestId('preview-dots');
    expect(dots).toHaveAccessibleName('Carousel of 3 items, showing 1');
    expect(dots.children).toHaveLength(3);
  });

  it('a Facebook multi-photo post says how many more photos follow', () => {
    const region = showPreview({ platform: 'facebook', media: [photo(1080, 1080, 1), photo(1080, 1080, 2), photo(1080, 1080, 3)] });
    expect(within(region).getByText('+2 photos')).toBeInTheDocument();
    expect(within(region).queryByTestId('preview-dots')).toBeNull();
  });
});

describe('first comment and thread', () => {
  it('shows the first comment under the post, and X the thread parts numbered after the caption', () => {
    const region = showPreview({ platform: 'x', caption: 'Part one', thread: ['Part two', 'Part three'], firstComment: 'Link in bio' });
    const thread = within(region).getByRole('list', { name: 'Thread' });
    expect(
      within(thread)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2/3Part two', '3/3Part three']);
    expect(within(region).getByTestId('preview-first-comment-x').textContent).toBe('First reply@cornercafe Link in bio');
  });

  it('Threads shows the whole post, its photos as a carousel, the thread parts and the first comment as a reply', () => {
    const region = showPreview({
      platform: 'threads',
      caption: LONG,
      media: [photo(1080, 1350, 1), photo(1080, 1080, 2)],
      thread: ['Part two'],
      firstComment: 'Link in bio',
    });
    expect(within(region).getByTestId('preview-caption-threads').textContent).toBe(LONG);
    expect(within(region).getByTestId('preview-dots')).toHaveAccessibleName('Carousel of 2 items, showing 1');
    expect(
      within(within(region).getByRole('list', { name: 'Thread' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2/2Part two']);
    expect(within(region).getByTestId('preview-first-comment-threads').textContent).toBe('First reply@cornercafe Link in bio');
  });

  it('LinkedIn folds a long post after about three lines and shows its photo uncropped', () => {
    const region = showPreview({ platform: 'linkedin', accountName: 'Ada Baker', caption: `${LONG} ${LONG}`, media: [photo(1080, 1350)] });
    const caption = within(region).getByTestId('preview-caption-linkedin');
    expect(caption.textContent).toMatch(/… more$/);
    expect([...caption.textContent!.replace(/… more$/, '')].length).toBeLessThanOrEqual(210);
    expect(previewCrop('linkedin', [photo(1080, 1350)])).toMatchObject({ ratio: 0.8, cropped: false });
  });

  it('Pinterest shows the pin at its own shape with its title above the whole description', () => {
    const region = showPreview({ platform: 'pinterest', caption: LONG, title: 'Autumn latte', media: [photo(1000, 1500)] });
    expect(within(region).getByText('Autumn latte')).toBeInTheDocument();
    expect(within(region).getByTestId('preview-caption-pinterest').textContent).toBe(LONG);
    expect(within(region).getByTestId('preview-crop-pinterest').getAttribute('data-ratio')).toBe('2:3');
  });

  it('shows neither when they are not set', () => {
    const region = showPreview({ platform: 'instagram', caption: 'Hi', media: [photo(1080, 1080)] });
    expect(within(region).queryByRole('list', { name: 'Thread' })).toBeNull();
    expect(within(region).queryByTestId('preview-first-comment-instagram')).toBeNull();
  });
});

describe('the Preview card in Compose', () => {
  const IG = socialAccount({ id: 'ig1', platform: 'instagram', account_name: '@cornercafe' }) as SocialAccount;
  const FB = socialAccount({ id: 'fb1', platform: 'facebook', account_name: 'Corner Café' }) as SocialAccount;
  const uploaded = (n: number): ComposeMedia => ({
    localId: `l${n}`,
    name: `p${n}.jpg`,
    kind: 'image',
    progress: 100,
    previewUrl: null,
    stored: {
      id: `m${n}`,
      post_id: null,
      file_path: `u/p${n}.jpg`,
      file_type: 'image/jpeg',
      file_size: 10,
      width: 1080,
      height: 1080,
      url: `https://media.example/p${n}.jpg`,
      created_at: '2026-11-22T05:00:00.000Z',
    },
    video: null,
  });

  it('labels one region per selected platform, with each target’s account, caption and first comment', () => {
    render(
      <UiProvider>
        <ComposePreviews
          platforms={['instagram', 'facebook']}
          targets={[
            { platform: 'instagram', social_account_id: 'ig1', caption: 'Three loaves', settings: { first_comment: '#bread' } as never },
            { platform: 'facebook', social_account_id: 'fb1', caption: 'Three loaves today', settings: {} },
          ]}
          accounts={[IG, FB]}
          media={[uploaded(1), uploaded(2), uploaded(3)]}
          title=""
        />
      </UiProvider>,
    );
    const ig = screen.getByRole('region', { name: 'Instagram preview' });
    const fb = screen.getByRole('region', { name: 'Facebook preview' });
    expect(within(ig).getByText('Three loaves')).toBeInTheDocument();
    expect(within(ig).getByTestId('preview-first-comment-instagram')).toHaveTextContent('#bread');
    expect(within(ig).getByTestId('preview-dots').children).toHaveLength(3);
    expect(within(fb).getByText('Corner Café')).toBeInTheDocument();
    expect(within(fb).getByText('+2 photos')).toBeInTheDocument();
  });

  it('shows nothing while no platform is selected', () => {
    render(
      <UiProvider>
        <ComposePreviews platforms={[]} targets={[]} accounts={[]} media={[]} title="" />
      </UiProvider>,
    );
    expect(screen.queryByTestId('compose-previews')).toBeNull();
  });
});
