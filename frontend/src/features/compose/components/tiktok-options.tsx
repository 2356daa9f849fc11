import { Alert, Avatar, chakra, Checkbox, Field, HStack, Input, NativeSelect, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuInfo } from 'react-icons/lu';
import {
  TIKTOK_MSG,
  TIKTOK_PHOTO_TITLE_MAX,
  TIKTOK_PRIVACY_LABELS,
  TIKTOK_PRIVACY_LEVELS,
  tiktokCommercialLabel,
  tiktokConsentText,
  tiktokPrivacyOf,
  type TikTokCreatorInfo,
  type TikTokPrivacyLevel,
  type TikTokSettings,
} from '@shared/tiktok';
import { getRuntimeConfig } from '@/config/runtime-config';
import { useTikTokCreatorInfos } from '../api/get-tiktok-creator-info';

/**
 * What all the checked TikTok accounts allow together: the privacy levels each offers (only Only me
 * while the app is unaudited), an interaction is off if any creator turned it off, the shortest cap.
 */
export function combinedCreatorRules(infos: readonly TikTokCreatorInfo[], unaudited: boolean) {
  const privacy = TIKTOK_PRIVACY_LEVELS.filter((level) => infos.every((i) => i.privacy_level_options.includes(level)) && (!unaudited || level === 'SELF_ONLY'));
  const caps = infos.map((i) => i.max_video_post_duration_sec).filter((s): s is number => s !== null);
  return {
    privacy,
    commentDisabled: infos.some((i) => i.comment_disabled),
    duetDisabled: infos.some((i) => i.duet_disabled),
    stitchDisabled: infos.some((i) => i.stitch_disabled),
    maxDurationSec: caps.length ? Math.min(...caps) : null,
  };
}

/** Reads a video's length from its metadata; null until known (or when the browser cannot tell). */
function useVideoDurations(sources: readonly string[]): (number | null)[] {
  const [durations, setDurations] = useState<Record<string, number>>({});
  const key = sources.join('\n');
  useEffect(() => {
    if (typeof document === 'undefined' || !key) return;
    // From the key, so a new array with the same sources does not reload them.
    const elements = key.split('\n').map((src) => {
      const video = document.createElement('video');
      video.preload = 'metadata';
      video.onloadedmetadata = () => {
        if (Number.isFinite(video.duration) && video.duration > 0) setDurations((d) => ({ ...d, [src]: video.duration }));
      };
      video.src = src;
      return video;
    });
    return () => {
      for (const v of elements) v.removeAttribute('src');
    };
  }, [key]);
  return sources.map((s) => durations[s] ?? null);
}

interface TiktokOptionsProps {
  /** The checked TikTok accounts (social account ids). */
  accountIds: readonly string[];
  settings: TikTokSettings;
  onChange: (settings: TikTokSettings) => void;
  /** Object or stored URLs of the attached videos, to check their length against the creator's cap. */
  videoSources?: readonly string[];
  /** Tells the form what stops this TikTok post right now (a video over the cap), or null. */
  onBlockingProblem?: (message: string | null) => void;
  /**
   * A photo post (docs/tiktok.md#photo-posts): the attached photos' preview URLs, in order, when this
   * deployment offers TikTok photo posts and only photos are attached. Empty: a video post.
   */
  photoSources?: readonly string[];
}

/** The photo post's own fields: a title of up to 90 characters and the cover, chosen among the photos (the first by default). */
function PhotoFields({ sources, settings, set }: { sources: readonly string[]; settings: TikTokSettings; set: (change: Partial<TikTokSettings>) => void }) {
  const title = settings.tiktok_photo_title ?? '';
  const length = [...title].length;
  const over = length > TIKTOK_PHOTO_TITLE_MAX;
  const cover = settings.tiktok_photo_cover_index ?? 0;
  return (
    <Stack gap="3" data-testid="tiktok-photo-fields">
      <Field.Root invalid={over}>
        <HStack justify="space-between" w="full">
          <Field.Label>Photo title</Field.Label>
          <Text textStyle="xs" color={over ? 'fg.error' : 'fg.muted'} fontVariantNumeric="tabular-nums" data-testid="tiktok-photo-title-counter">
            {length}/{TIKTOK_PHOTO_TITLE_MAX}
          </Text>
        </HStack>
        <Input
          aria-label="TikTok photo title"
          value={title}
          onChange={(e) => set({ tiktok_photo_title: e.currentTarget.value || undefined })}
          placeholder="Optional; the caption above is the description"
          bg="bg.panel"
        />
        {over ? <Field.ErrorText>{TIKTOK_MSG.photoTitleTooLong(length)}</Field.ErrorText> : null}
      </Field.Root>
      <Stack gap="1.5">
        <Text textStyle="sm" fontWeight="medium" id="tiktok-cover-label">
          Cover
        </Text>
        <HStack gap="2" wrap="wrap" role="group" aria-labelledby="tiktok-cover-label">
          {sources.map((src, i) => (
            <chakra.button
              key={`${i}-${src}`}
              type="button"
              aria-label={`Use photo ${i + 1} as the cover`}
              aria-pressed={i === cover}
              onClick={() => set({ tiktok_photo_cover_index: i === 0 ? undefined : i })}
              w="12"
              h="16"
              rounded="md"
              overflow="hidden"
              borderWidth="2px"
              borderColor={i === cover ? 'brand.solid' : 'border'}
              bg="bg.muted"
              cursor="pointer"
              focusRing="outside"
            >
              {src ? <img src={src} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} /> : null}
            </chakra.button>
          ))}
        </HStack>
        <Text textStyle="xs" color="fg.muted">
          TikTok shows the cover on your profile grid.
        </Text>
      </Stack>
    </Stack>
  );
}

/**
 * The TikTok panel as TikTok's Content Sharing Guidelines require it: the creator shown, a privacy
 * dropdown with no preselected value, interaction checkboxes unchecked (and off where the creator
 * turned them off), the maximum duration, the commercial-content disclosure, and the consent line.
 * The Draft switch sends the video to the TikTok inbox instead, where the user finishes it in the app.
 */
export function TiktokOptions({ accountIds, settings, onChange, videoSources = [], onBlockingProblem, photoSources = [] }: TiktokOptionsProps) {
  const photos = photoSources.length > 0;
  const unaudited = getRuntimeConfig().tiktokUnaudited;
  const queries = useTikTokCreatorInfos(accountIds);
  const infos = queries.map((q) => q.data).filter((d): d is TikTokCreatorInfo => d !== undefined);
  const loading = queries.some((q) => q.isPending);
  const failed = queries.find((q) => q.isError);
  const rules = combinedCreatorRules(infos, unaudited);
  const draft = settings.tiktok_draft === true;
  const privacy = tiktokPrivacyOf(settings);
  const branded = settings.tiktok_commercial === true && settings.tiktok_branded_content === true;
  const set = (change: Partial<TikTokSettings>) => onChange({ ...settings, ...change });

  // A cover that is no longer among the photos (one was removed) goes back to the first.
  const staleCover = settings.tiktok_photo_cover_index !== undefined && settings.tiktok_photo_cover_index >= photoSources.length;
  useEffect(() => {
    if (staleCover) onChange({ ...settings, tiktok_photo_cover_index: undefined });
  }, [staleCover, settings, onChange]);

  const durations = useVideoDurations(videoSources);
  const longest = Math.max(0, ...durations.map((d) => d ?? 0));
  const tooLong = !draft && rules.maxDurationSec !== null && longest > rules.maxDurationSec ? TIKTOK_MSG.tooLong(rules.maxDurationSec) : null;
  useEffect(() => onBlockingProblem?.(tooLong), [tooLong, onBlockingProblem]);

  // A creator's options can change between visits: drop a chosen value that is no longer offered.
  // (Runs after every render that could matter; it changes nothing unless the value is stale.)
  const offered = rules.privacy;
  const known = !loading && infos.length > 0;
  useEffect(() => {
    if (known && settings.tiktok_privacy_level && !offered.includes(settings.tiktok_privacy_level)) onChange({ ...settings, tiktok_privacy_level: undefined });
  }, [known, offered, settings, onChange]);

  // Likewise an interaction ticked for one account and turned off by another creator is not sent.
  const offNow = { tiktok_allow_comment: rules.commentDisabled, tiktok_allow_duet: rules.duetDisabled, tiktok_allow_stitch: rules.stitchDisabled } as const;
  const stale = (Object.keys(offNow) as (keyof typeof offNow)[]).filter((k) => offNow[k] && settings[k] === true);
  useEffect(() => {
    if (stale.length) onChange({ ...settings, ...Object.fromEntries(stale.map((k) => [k, false])) });
  }, [stale, settings, onChange]);

  const interaction = (key: 'tiktok_allow_comment' | 'tiktok_allow_duet' | 'tiktok_allow_stitch', label: string, disabled: boolean) => (
    <Checkbox.Root
      size="sm"
      colorPalette="brand"
      disabled={disabled || loading}
      checked={!disabled && settings[key] === true}
      onCheckedChange={(e) => set({ [key]: e.checked === true })}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );

  return (
    <Stack gap="3.5" rounded="lg" bg="bg.subtle" p="3.5" data-testid="tiktok-panel">
      {loading ? (
        <Stack gap="2" data-testid="tiktok-creator-loading" aria-label="Loading TikTok posting options">
          <Skeleton h="8" w="60%" />
          <Skeleton h="6" w="full" />
        </Stack>
      ) : null}
      {failed ? (
        <Alert.Root status="error" size="sm" rounded="md" data-testid="tiktok-creator-error">
          <Alert.Indicator />
          <Alert.Description>{failed.error instanceof Error ? failed.error.message : "TikTok's posting options could not be loaded."}</Alert.Description>
        </Alert.Root>
      ) : null}
      {!loading && !failed && accountIds.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" data-testid="tiktok-creator-empty">
          Tick a TikTok account above to see its posting options.
        </Text>
      ) : null}

      {infos.map((info) => (
        <HStack key={info.creator_username || info.creator_nickname} gap="2.5" data-testid="tiktok-creator">
          <Avatar.Root size="sm">
            <Avatar.Fallback name={info.creator_nickname} />
            {info.creator_avatar_url ? <Avatar.Image src={info.creator_avatar_url} alt="" /> : null}
          </Avatar.Root>
          <Stack gap="0">
            <Text textStyle="sm" fontWeight="semibold">
              Posting to {info.creator_nickname}
            </Text>
            {info.creator_username ? (
              <Text textStyle="xs" color="fg.muted">
                @{info.creator_username}
              </Text>
            ) : null}
          </Stack>
        </HStack>
      ))}

      {photos ? <PhotoFields sources={photoSources} settings={settings} set={set} /> : null}

      <Switch.Root colorPalette="brand" checked={draft} onCheckedChange={(event) => set({ tiktok_draft: event.checked })}>
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Stack gap="0">
          <Switch.Label>Draft</Switch.Label>
          <Text textStyle="xs" color="fg.muted">
            Send {photos ? 'the photos' : 'it'} to your TikTok inbox to finish in the app (you choose who can see {photos ? 'them' : 'it'} there).
          </Text>
        </Stack>
      </Switch.Root>

      {draft ? null : (
        <>
          {unaudited ? (
            <Alert.Root status="info" variant="subtle" size="sm" rounded="md" data-testid="tiktok-unaudited">
              <Alert.Indicator>
                <LuInfo />
              </Alert.Indicator>
              <Alert.Description>{TIKTOK_MSG.unaudited}.</Alert.Description>
            </Alert.Root>
          ) : null}

          <Field.Root required invalid={branded && privacy === 'SELF_ONLY'} disabled={loading || infos.length === 0}>
            <Field.Label>
              Who can see {photos ? 'these photos' : 'this video'} <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                aria-label={photos ? 'Who can see these TikTok photos' : 'Who can see this TikTok video'}
                value={privacy ?? ''}
                onChange={(e) =>
                  set({ tiktok_privacy_level: (e.currentTarget.value || undefined) as TikTokPrivacyLevel | undefined, tiktok_private: undefined })
                }
                bg="bg.panel"
              >
                <option value="" disabled>
                  Choose who can see it
                </option>
                {rules.privacy.map((level) => (
                  <option key={level} value={level} disabled={branded && level === 'SELF_ONLY'}>
                    {TIKTOK_PRIVACY_LABELS[level]}
                    {branded && level === 'SELF_ONLY' ? ' (not for branded content)' : ''}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {branded && privacy === 'SELF_ONLY' ? <Field.ErrorText>{TIKTOK_MSG.brandedNotPrivate}</Field.ErrorText> : null}
          </Field.Root>

          <Stack gap="1.5">
            <Text textStyle="sm" fontWeight="medium">
              Allow users to
            </Text>
            <HStack gap="4" wrap="wrap">
              {interaction('tiktok_allow_comment', 'Comment', rules.commentDisabled)}
              {/* Photo posts have no Duet or Stitch (the Photo reference's post_info has disable_comment only). */}
              {photos ? null : interaction('tiktok_allow_duet', 'Duet', rules.duetDisabled)}
              {photos ? null : interaction('tiktok_allow_stitch', 'Stitch', rules.stitchDisabled)}
            </HStack>
          </Stack>

          {!photos && rules.maxDurationSec !== null ? (
            <Text textStyle="xs" color={tooLong ? 'fg.error' : 'fg.muted'} data-testid="tiktok-max-duration">
              {tooLong ?? `Videos up to ${rules.maxDurationSec} seconds.`}
            </Text>
          ) : null}

          <Stack gap="2">
            <Switch.Root
              colorPalette="brand"
              checked={settings.tiktok_commercial === true}
              onCheckedChange={(e) =>
                set(e.checked ? { tiktok_commercial: true } : { tiktok_commercial: false, tiktok_your_brand: false, tiktok_branded_content: false })
              }
            >
              <Switch.HiddenInput />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Stack gap="0">
                <Switch.Label>Disclose {photos ? 'photo' : 'video'} content</Switch.Label>
                <Text textStyle="xs" color="fg.muted">
                  Turn on if {photos ? 'these photos promote' : 'this video promotes'} you, a brand, a product or a service.
                </Text>
              </Stack>
            </Switch.Root>
            {settings.tiktok_commercial ? (
              <Stack gap="1.5" ps="2" data-testid="tiktok-commercial">
                <Checkbox.Root
                  size="sm"
                  colorPalette="brand"
                  checked={settings.tiktok_your_brand === true}
                  onCheckedChange={(e) => set({ tiktok_your_brand: e.checked === true })}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Your brand — you are promoting yourself or your own business</Checkbox.Label>
                </Checkbox.Root>
                <Checkbox.Root
                  size="sm"
                  colorPalette="brand"
                  checked={settings.tiktok_branded_content === true}
                  disabled={privacy === 'SELF_ONLY'}
                  onCheckedChange={(e) => set({ tiktok_branded_content: e.checked === true })}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Branded content — you are promoting another brand or a third party</Checkbox.Label>
                </Checkbox.Root>
                {privacy === 'SELF_ONLY' ? (
                  <Text textStyle="xs" color="fg.muted">
                    Branded content can't be private (Only me).
                  </Text>
                ) : null}
                <Text textStyle="xs" color={tiktokCommercialLabel(settings) ? 'fg' : 'fg.error'} data-testid="tiktok-commercial-label">
                  {tiktokCommercialLabel(settings) ?? TIKTOK_MSG.commercialKindRequired}
                </Text>
              </Stack>
            ) : null}
          </Stack>

          <Checkbox.Root
            size="sm"
            colorPalette="brand"
            checked={settings.tiktok_consent === true}
            onCheckedChange={(e) => set({ tiktok_consent: e.checked === true })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label data-testid="tiktok-consent">{tiktokConsentText(settings)}</Checkbox.Label>
          </Checkbox.Root>
          <Text textStyle="xs" color="fg.muted">
            {photos ? TIKTOK_MSG.photoProcessingNote : TIKTOK_MSG.processingNote}
          </Text>
        </>
      )}
    </Stack>
  );
}
