import { Alert, Field, Input, NativeSelect, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import type { SocialAccount } from '@shared/accounts';
import { PINTEREST_ALT_TEXT_MAX, PINTEREST_MSG, PINTEREST_TITLE_MAX, isPinLink } from '@shared/pinterest';
import { usePinterestBoards } from '../api/get-pinterest-boards';

/** The Pinterest panel's choices: a board per checked account, and the pin's title, link and alt text for all of them. */
export interface PinterestDraft {
  boards?: Partial<Record<string, string>>;
  title?: string;
  link?: string;
  altText?: string;
}

interface PinterestOptionsProps {
  /** The checked Pinterest accounts. */
  accounts: readonly Pick<SocialAccount, 'id' | 'account_name'>[];
  value: PinterestDraft;
  onChange: (value: PinterestDraft) => void;
  /** After a submit attempt, a missing board is shown as an error. */
  attempted: boolean;
}

/** One account's board picker, read live: loading, Pinterest's error, no boards, or the boards to choose from. */
export function BoardPicker({
  accountId,
  accountName,
  query,
  value,
  onChange,
  attempted,
}: {
  accountId: string;
  accountName: string;
  query: ReturnType<typeof usePinterestBoards>[number];
  value: string | undefined;
  onChange: (boardId: string | undefined) => void;
  attempted: boolean;
}) {
  const label = `Board for ${accountName}`;
  if (query.isPending)
    return (
      <Stack gap="1" data-testid="pinterest-boards-loading" aria-busy="true">
        <Text textStyle="sm">{label}</Text>
        <Skeleton h="8" w="full" />
        <Text textStyle="xs" color="fg.muted">
          Loading boards…
        </Text>
      </Stack>
    );
  if (query.isError)
    return (
      <Alert.Root status="error" size="sm" rounded="md" data-testid="pinterest-boards-error">
        <Alert.Indicator />
        <Alert.Description>{query.error instanceof Error ? query.error.message : "Pinterest's boards could not be loaded."}</Alert.Description>
      </Alert.Root>
    );
  const boards = query.data?.boards ?? [];
  if (boards.length === 0)
    return (
      <Alert.Root status="warning" size="sm" rounded="md" data-testid="pinterest-boards-empty">
        <Alert.Indicator />
        <Alert.Description>
          {accountName}: {PINTEREST_MSG.noBoards}
        </Alert.Description>
      </Alert.Root>
    );
  const missing = attempted && !value;
  return (
    <Field.Root invalid={missing} data-testid={`pinterest-board-${accountId}`}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value || undefined)} bg="bg.panel">
          <option value="" disabled>
            Choose a board
          </option>
          {boards.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
              {b.privacy === 'SECRET' ? ' (secret)' : ''}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {missing ? <Field.ErrorText>{PINTEREST_MSG.boardRequired}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** Pinterest's own fields: where each pin is saved (required), its title, destination link and alt text. */
export function PinterestOptions({ accounts, value, onChange, attempted }: PinterestOptionsProps) {
  const queries = usePinterestBoards(accounts.map((a) => a.id));
  const set = (change: Partial<PinterestDraft>) => onChange({ ...value, ...change });
  const title = value.title ?? '';
  const titleLength = [...title].length;
  const alt = value.altText ?? '';
  const altLength = [...alt].length;
  const link = value.link?.trim() ?? '';
  return (
    <Stack gap="3" rounded="lg" bg="bg.subtle" p="3.5" data-testid="pinterest-panel">
      {accounts.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          Tick a Pinterest account above to choose its board.
        </Text>
      ) : null}
      {accounts.map((account, i) => (
        <BoardPicker
          key={account.id}
          accountId={account.id}
          accountName={account.account_name}
          query={queries[i]}
          value={value.boards?.[account.id]}
          onChange={(boardId) => set({ boards: { ...value.boards, [account.id]: boardId } })}
          attempted={attempted}
        />
      ))}
      <Field.Root invalid={titleLength > PINTEREST_TITLE_MAX}>
        <Field.Label>Pin title</Field.Label>
        <Input size="sm" bg="bg.panel" value={title} onChange={(e) => set({ title: e.currentTarget.value })} placeholder="Optional" />
        <Text
          textStyle="xs"
          color={titleLength > PINTEREST_TITLE_MAX ? 'fg.error' : 'fg.muted'}
          fontVariantNumeric="tabular-nums"
          data-testid="pinterest-title-counter"
        >
          {titleLength}/{PINTEREST_TITLE_MAX}
        </Text>
      </Field.Root>
      <Field.Root invalid={!!link && !isPinLink(link)}>
        <Field.Label>Destination link</Field.Label>
        <Input size="sm" bg="bg.panel" type="url" value={value.link ?? ''} onChange={(e) => set({ link: e.currentTarget.value })} placeholder="https://" />
        {link && !isPinLink(link) ? <Field.ErrorText>{PINTEREST_MSG.linkInvalid}</Field.ErrorText> : null}
      </Field.Root>
      <Field.Root invalid={altLength > PINTEREST_ALT_TEXT_MAX}>
        <Field.Label>Alt text</Field.Label>
        <Textarea
          size="sm"
          bg="bg.panel"
          rows={2}
          value={alt}
          onChange={(e) => set({ altText: e.currentTarget.value })}
          placeholder="Describe the image for people who can't see it"
        />
        <Text textStyle="xs" color={altLength > PINTEREST_ALT_TEXT_MAX ? 'fg.error' : 'fg.muted'} fontVariantNumeric="tabular-nums">
          {altLength}/{PINTEREST_ALT_TEXT_MAX}
        </Text>
      </Field.Root>
      <Text textStyle="xs" color="fg.muted">
        The caption is the pin&apos;s description. Pinterest takes no comments from us: first comments are not offered.
      </Text>
    </Stack>
  );
}
