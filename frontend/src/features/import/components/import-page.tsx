import { Alert, Badge, Button, Card, Center, HStack, Link, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuDownload, LuRotateCcw } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { errorReportCsv, importTemplateCsv, parseImportCsv, type ImportResult } from '@shared/import';
import { PLAN_PLATFORMS } from '@shared/plans';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useClients } from '@/lib/api/clients';
import { useAccounts } from '@/lib/api/connections';
import { useMe } from '@/lib/api/me';
import { userTimezone, zoneLabel } from '@/lib/time';
import { importChunk, importKeys, useUsage } from '../api/import-posts';
import { downloadText, previewRows, readText, type PreviewRow } from '../utils/preview';
import { sendInChunks } from '../utils/send-chunks';
import { FileDrop } from './file-drop';
import { PreviewTable } from './preview-table';

type Stage =
  | { kind: 'empty' }
  | { kind: 'preview'; fileName: string; rows: PreviewRow[] }
  | { kind: 'sending'; fileName: string; rows: PreviewRow[]; done: number }
  | { kind: 'done'; fileName: string; rows: PreviewRow[]; results: ImportResult[] };

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** /home/import (issue 16 item 4, docs/bulk-import.md): CSV in, a preview with every row's verdict, then the valid rows scheduled in chunks. */
export function ImportPage() {
  const queryClient = useQueryClient();
  const me = useMe();
  const accounts = useAccounts();
  const clients = useClients();
  const usage = useUsage();
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const zone = userTimezone(me.data?.settings.timezone);
  const queries = [me, accounts, clients, usage];

  async function load(file: File) {
    if (!usage.data || !accounts.data) return;
    setReading(true);
    setFileError(null);
    try {
      const parsed = parseImportCsv(await readText(file));
      if (!parsed.ok) {
        setFileError(parsed.error);
        return;
      }
      const ctx = { timezone: zone, now: new Date(), accounts: accounts.data, clients: clients.data ?? [], planPlatforms: PLAN_PLATFORMS[usage.data.plan] };
      const allowance = { remaining: usage.data.limit - usage.data.used, limit: usage.data.limit };
      setStage({ kind: 'preview', fileName: file.name, rows: previewRows(parsed.rows, ctx, allowance) });
    } catch {
      setFileError('This file could not be read.');
    } finally {
      setReading(false);
    }
  }

  async function schedule(fileName: string, rows: PreviewRow[]) {
    const valid = rows.filter((r) => r.check.ok);
    setStage({ kind: 'sending', fileName, rows, done: 0 });
    const results = await sendInChunks(valid, zone, importChunk, (done) => setStage({ kind: 'sending', fileName, rows, done }));
    setStage({ kind: 'done', fileName, rows, results });
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

  if (queries.some((q) => q.isPending))
    return (
      <Stack gap="6">
        {header}
        <Center py="16">
          <Spinner aria-label="Loading" />
        </Center>
      </Stack>
    );
  const failedQuery = queries.find((q) => q.isError);
  if (failedQuery)
    return (
      <Stack gap="6">
        {header}
        <LoadError message="Couldn't load your accounts and plan" onRetry={() => queries.forEach((q) => void q.refetch())} retrying={failedQuery.isFetching} />
      </Stack>
    );

  return (
    <Stack gap="6">
      {header}
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
        <Preview
          stage={stage}
          onSchedule={() => stage.kind === 'preview' && void schedule(stage.fileName, stage.rows)}
          onReset={() => setStage({ kind: 'empty' })}
        />
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
          Optional: <b>title</b> (YouTube), <b>media_ids</b> (files you already uploaded, separated by semicolons) and <b>client</b>. Each row is checked with
          the same rules as Compose before anything is scheduled.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function Preview({ stage, onSchedule, onReset }: { stage: Exclude<Stage, { kind: 'empty' }>; onSchedule: () => void; onReset: () => void }) {
  const valid = stage.rows.filter((r) => r.check.ok);
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
                <Button colorPalette="brand" disabled={valid.length === 0} onClick={onSchedule}>
                  Schedule {plural(valid.length, 'post')}
                </Button>
              </HStack>
            ) : null}
          </HStack>
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
