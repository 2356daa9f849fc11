import { Alert, Badge, Button, Card, Checkbox, HStack, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { LuDownload, LuRotateCcw } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import {
  errorReportCsv,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MSG,
  importTemplateCsv,
  parseImportCsv,
  type ImportContext,
  type ImportRequest,
  type ImportResult,
  type ImportRow,
} from '@shared/import';
import { PLAN_PLATFORMS } from '@shared/plans';
import { tiktokConsentText, type TikTokCreatorInfo } from '@shared/tiktok';
import { pageLoadState } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { getRuntimeConfig } from '@/config/runtime-config';
import { useClients } from '@/lib/api/clients';
import { useConnections } from '@/lib/api/connections';
import { useMe } from '@/lib/api/me';
import { importMediaFromUrl } from '@/lib/api/media-from-url';
import { userTimezone, zoneLabel } from '@/lib/time';
import { deleteImportUpload, useCreatorInfos } from '../api/import-media';
import { importChunk, importKeys, useUsage } from '../api/import-posts';
import { useImportMedia } from '../hooks/use-import-media';
import { downloadText, previewRows, readCsvFile, type PreviewRow } from '../utils/preview';
import { chunkMediaFiles } from '../utils/row-media';
import { sendWithLinks } from '../utils/row-links';
import { sendInChunks } from '../utils/send-chunks';
import { FileDrop } from './file-drop';
import { MediaPanel } from './media-panel';
import { PreviewTable } from './preview-table';

type Stage =
  | { kind: 'empty' }
  | { kind: 'preview'; fileName: string; parsed: ImportRow[]; warning: string | null }
  | { kind: 'sending'; fileName: string; rows: PreviewRow[]; done: number }
  | { kind: 'done'; fileName: string; rows: PreviewRow[]; results: ImportResult[] };
/** What the preview shows: the file's rows as checked now (they follow the uploads), or as they were sent. */
type Shown = Exclude<Stage, { kind: 'empty' | 'preview' }> | { kind: 'preview'; fileName: string; rows: PreviewRow[] };

/** What holds the Schedule button: uploads on their way, TikTok's options being read, TikTok's consent not given. */
interface Gate {
  uploading: boolean;
  checkingTikTok: boolean;
  consent: boolean;
  onConsent: (checked: boolean) => void;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** /home/import (docs/bulk-import.md): CSV in, a preview with every row's verdict, then the valid rows scheduled in chunks. */
export function ImportPage() {
  const queryClient = useQueryClient();
  const me = useMe();
  const accounts = useConnections();
  const clients = useClients();
  const usage = useUsage();
  const uploads = useImportMedia();
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const zone = userTimezone(me.data?.settings.timezone);
  const queries = [me, accounts, clients, usage];

  // TikTok rows are checked against each TikTok account's live creator_info, read when a file with TikTok settings is previewed.
  const parsed = stage.kind === 'preview' ? stage.parsed : null;
  const wantsTikTok = parsed?.some((r) => r.fields.tiktok_privacy?.trim()) ?? false;
  const tiktokIds = wantsTikTok ? (accounts.data ?? []).filter((a) => a.platform === 'tiktok' && a.is_connected).map((a) => a.id) : [];
  const creatorQueries = useCreatorInfos(tiktokIds);
  const checkingTikTok = creatorQueries.some((q) => q.isPending);
  // As JSON, so that the preview (10,000 rows) is checked again only when an answer changes, not on every render.
  const creatorsJson = JSON.stringify(
    Object.fromEntries(
      tiktokIds.flatMap((id, i): [string, TikTokCreatorInfo | { error: string }][] => {
        const q = creatorQueries[i];
        if (q?.data) return [[id, q.data]];
        if (q?.error) return [[id, { error: q.error.message }]];
        return [];
      }),
    ),
  );
  const tiktokCreators = useMemo(() => JSON.parse(creatorsJson) as NonNullable<ImportContext['tiktokCreators']>, [creatorsJson]);

  const ctx = useMemo((): ImportContext | null => {
    if (!usage.data || !accounts.data) return null;
    return {
      timezone: zone,
      now: new Date(),
      accounts: accounts.data,
      clients: clients.data ?? [],
      planPlatforms: PLAN_PLATFORMS[usage.data.plan],
      mediaFiles: uploads.files,
      tiktokUnaudited: getRuntimeConfig().tiktokUnaudited,
      tiktokPhotos: getRuntimeConfig().tiktokPhotos,
      tiktokCreators,
    };
  }, [zone, accounts.data, clients.data, usage.data, uploads.files, tiktokCreators]);
  // The preview follows the uploads: a name resolves as soon as its file is in.
  const previewed = useMemo(() => {
    if (!parsed || !ctx || !usage.data) return null;
    return previewRows(parsed, ctx, { remaining: usage.data.limit - usage.data.used, limit: usage.data.limit });
  }, [parsed, ctx, usage.data]);

  async function load(file: File) {
    if (!usage.data || !accounts.data) return;
    setReading(true);
    setFileError(null);
    setConsent(false);
    try {
      // Refused before reading: a file this large takes many seconds to parse and holds more than can be imported.
      if (file.size > IMPORT_MAX_FILE_BYTES) {
        setFileError(IMPORT_MSG.fileTooLarge(file.size));
        return;
      }
      const { text, warning } = await readCsvFile(file);
      const read = parseImportCsv(text);
      if (!read.ok) {
        setFileError(read.error);
        return;
      }
      setStage({ kind: 'preview', fileName: file.name, parsed: read.rows, warning });
    } catch {
      setFileError('This file could not be read.');
    } finally {
      setReading(false);
    }
  }

  async function schedule(fileName: string, rows: PreviewRow[], tiktokConsent: boolean) {
    const valid = rows.filter((r) => r.check.ok);
    const files = uploads.files;
    // Each chunk carries the uploads its rows name, and the consent when the file has TikTok rows.
    // A row's media_urls are fetched into the user's media first (sendWithLinks), then sent as media_ids.
    const send = (body: ImportRequest) =>
      sendWithLinks(
        body.rows,
        async (rows) => {
          const media_files = chunkMediaFiles(rows, files);
          return importChunk({ ...body, rows, ...(media_files.length ? { media_files } : {}), ...(tiktokConsent ? { tiktok_consent: true } : {}) });
        },
        { fetchLink: importMediaFromUrl, remove: deleteImportUpload },
      );
    setStage({ kind: 'sending', fileName, rows, done: 0 });
    const results = await sendInChunks(valid, zone, send, (done) => setStage({ kind: 'sending', fileName, rows, done }));
    setStage({ kind: 'done', fileName, rows, results });
    // Every row has its own copy of the files it named: with nothing left to fix and import again, the uploads go.
    if (valid.length === rows.length && results.every((r) => r.status === 'scheduled')) void uploads.discardAll();
    void queryClient.invalidateQueries({ queryKey: importKeys.posts });
    void queryClient.invalidateQueries({ queryKey: importKeys.usage });
  }

  const header = (
    <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
      <PageHeader title="Import" description="Schedule many posts at once from a CSV file." />
      <Button variant="outline" onClick={() => downloadText('schedule-import-template.csv', importTemplateCsv())}>
        <LuDownload /> Download template
      </Button>
    </HStack>
  );

  const loadState = pageLoadState(header, queries, { loading: 'Loading', failed: "Couldn't load your accounts and plan" });
  if (loadState) return loadState;

  return (
    <Stack gap="6">
      {header}
      <MediaPanel uploads={uploads} locked={stage.kind === 'sending'} />
      {stage.kind === 'empty' ? (
        <Stack gap="4">
          <FileDrop onFile={(file) => void load(file)} busy={reading} />
          {fileError ? (
            <Alert.Root status="error" rounded="lg">
              <Alert.Indicator />
              <Alert.Title>{fileError}</Alert.Title>
            </Alert.Root>
          ) : null}
          <FormatHelp zone={zoneLabel(zone)} />
        </Stack>
      ) : (
        <Stack gap="4">
          {stage.kind === 'preview' && stage.warning ? (
            <Alert.Root status="warning" rounded="lg" role="alert">
              <Alert.Indicator />
              <Alert.Title>{stage.warning}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Preview
            stage={stage.kind === 'preview' ? { kind: 'preview', fileName: stage.fileName, rows: previewed ?? [] } : stage}
            gate={{ uploading: uploads.uploading, checkingTikTok, consent, onConsent: setConsent }}
            onSchedule={(rows, tiktokConsent) => stage.kind === 'preview' && void schedule(stage.fileName, rows, tiktokConsent)}
            onReset={() => setStage({ kind: 'empty' })}
          />
        </Stack>
      )}
    </Stack>
  );
}

function FormatHelp({ zone }: { zone: string }) {
  return (
    <Card.Root variant="outline" rounded="xl">
      <Card.Body gap="2" textStyle="sm" color="fg.muted">
        <Text>
          One row per post: <b>date</b> (YYYY-MM-DD) and <b>time</b> (HH:MM, 24-hour) in your timezone ({zone}), <b>platforms</b> as platform or account names
          separated by semicolons (e.g. instagram;x), and <b>caption</b> for every platform or <b>caption_x</b>, <b>caption_instagram</b>… for one.
        </Text>
        <Text>
          Optional: <b>title</b> (YouTube), <b>media</b> (names of files uploaded above, separated by semicolons, e.g. spring.jpg; menu.png), <b>media_ids</b>{' '}
          (ids of files already in your media), <b>media_urls</b> (https links to images or videos, separated by semicolons; each is fetched into your media
          when the row is scheduled) and <b>client</b>. Each row is checked with the same rules as Compose before anything is scheduled.
        </Text>
        <Text>
          TikTok rows: <b>tiktok_privacy</b> (one your account offers: PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, FOLLOWER_OF_CREATOR or SELF_ONLY; Everyone,
          Friends, Followers or Only me work too), <b>tiktok_allow_comment</b>, <b>tiktok_allow_duet</b>, <b>tiktok_allow_stitch</b>, and to disclose commercial
          content <b>tiktok_brand</b> (your brand) or <b>tiktok_branded_content</b> (a third party; not with Only me), each yes or no.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function Preview({
  stage,
  gate,
  onSchedule,
  onReset,
}: {
  stage: Shown;
  gate: Gate;
  onSchedule: (rows: PreviewRow[], tiktokConsent: boolean) => void;
  onReset: () => void;
}) {
  const valid = stage.rows.filter((r) => r.check.ok);
  const tiktokTargets = valid.flatMap((r) => (r.check.ok ? r.check.body.platforms.filter((p) => p.platform === 'tiktok') : []));
  const branded = tiktokTargets.some((t) => t.settings.tiktok_commercial && t.settings.tiktok_branded_content);
  const held = gate.uploading
    ? 'Waiting for the uploads to finish…'
    : gate.checkingTikTok
      ? 'Checking your TikTok posting options…'
      : tiktokTargets.length > 0 && !gate.consent
        ? "Tick TikTok's Music Usage Confirmation to schedule the TikTok rows."
        : null;
  const invalid = stage.rows.length - valid.length;
  const fields = new Map(stage.rows.map((r) => [r.row, r.fields]));
  const failed = stage.kind === 'done' ? stage.results.filter((r) => r.status === 'failed') : [];
  const scheduled = stage.kind === 'done' ? stage.results.length - failed.length : 0;
  const report = () =>
    downloadText(
      stage.fileName.replace(/\.csv$/i, '') + '-errors.csv',
      errorReportCsv([
        ...stage.rows.flatMap((r) => (r.check.ok ? [] : [{ fields: r.fields, reason: r.check.reason }])),
        ...failed.map((r) => ({ fields: fields.get(r.row) ?? {}, reason: r.reason ?? '' })),
      ]),
    );

  return (
    <Stack gap="5">
      <Card.Root variant="outline" rounded="xl">
        <Card.Body gap="4">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Stack gap="1" minW="0">
              <Text fontWeight="semibold" truncate>
                {stage.fileName}
              </Text>
              <HStack gap="2" wrap="wrap">
                <Badge colorPalette="gray">{plural(stage.rows.length, 'row')}</Badge>
                <Badge colorPalette="green">{valid.length.toLocaleString('en-US')} valid</Badge>
                <Badge colorPalette={invalid ? 'red' : 'gray'}>{invalid.toLocaleString('en-US')} invalid</Badge>
              </HStack>
            </Stack>
            {stage.kind === 'preview' ? (
              <HStack gap="2" wrap="wrap">
                <Button variant="ghost" onClick={onReset}>
                  Choose another file
                </Button>
                <Button colorPalette="brand" disabled={valid.length === 0 || held !== null} onClick={() => onSchedule(stage.rows, tiktokTargets.length > 0)}>
                  Schedule {plural(valid.length, 'post')}
                </Button>
              </HStack>
            ) : null}
          </HStack>
          {stage.kind === 'preview' && tiktokTargets.length > 0 ? (
            <Checkbox.Root
              colorPalette="brand"
              checked={gate.consent}
              onCheckedChange={(e) => gate.onConsent(e.checked === true)}
              alignItems="flex-start"
              data-testid="tiktok-consent"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label textStyle="sm">
                {tiktokConsentText({ tiktok_commercial: branded, tiktok_branded_content: branded })} ({tiktokTargets.length.toLocaleString('en-US')} TikTok{' '}
                {tiktokTargets.length === 1 ? 'post' : 'posts'} in this file)
              </Checkbox.Label>
            </Checkbox.Root>
          ) : null}
          {stage.kind === 'preview' && held ? (
            <Text textStyle="sm" color="fg.muted" role="status">
              {held}
            </Text>
          ) : null}
          {stage.kind === 'preview' && invalid > 0 ? (
            <Button alignSelf="flex-start" size="sm" variant="outline" onClick={report}>
              <LuDownload /> Download error report
            </Button>
          ) : null}
          {stage.kind === 'sending' ? (
            <Progress.Root value={stage.done} max={Math.max(1, valid.length)} colorPalette="brand">
              <HStack justify="space-between" mb="1">
                <Progress.Label>Scheduling…</Progress.Label>
                <Progress.ValueText>
                  {stage.done.toLocaleString('en-US')} of {valid.length.toLocaleString('en-US')}
                </Progress.ValueText>
              </HStack>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          ) : null}
          {stage.kind === 'done' ? (
            <Alert.Root status={failed.length + invalid === 0 ? 'success' : 'warning'} rounded="lg" role="status">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {plural(scheduled, 'post')} scheduled
                  {failed.length + invalid > 0 ? `, ${plural(failed.length + invalid, 'row')} not imported` : ''}
                </Alert.Title>
                <Alert.Description>
                  <HStack gap="3" wrap="wrap" mt="2">
                    <Link asChild colorPalette="brand" fontWeight="medium">
                      <RouterLink to={paths.app.posts.getHref()}>See them in Posts</RouterLink>
                    </Link>
                    <Link asChild colorPalette="brand" fontWeight="medium">
                      <RouterLink to={paths.app.schedule.getHref()}>Open the calendar</RouterLink>
                    </Link>
                  </HStack>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {stage.kind === 'done' ? (
            <HStack gap="2" wrap="wrap">
              {failed.length + invalid > 0 ? (
                <Button size="sm" variant="outline" onClick={report}>
                  <LuDownload /> Download error report
                </Button>
              ) : null}
              <Button size="sm" variant="ghost" onClick={onReset}>
                <LuRotateCcw /> Import another file
              </Button>
            </HStack>
          ) : null}
        </Card.Body>
      </Card.Root>
      {stage.kind === 'done' && failed.length > 0 ? (
        <Stack gap="2">
          <Text fontWeight="semibold">Rows the server refused</Text>
          <PreviewTable rows={failed.map((r) => ({ row: r.row, fields: fields.get(r.row) ?? {}, check: { ok: false, reason: r.reason ?? '' } }))} />
        </Stack>
      ) : (
        <PreviewTable rows={stage.rows} />
      )}
    </Stack>
  );
}
