import { Avatar, Button, Field, HStack, Input, Skeleton, Stack, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuImageUp, LuTrash2 } from 'react-icons/lu';
import { IMAGE_ACCEPT } from '@shared/media';
import { PROFILE_LIMITS, UpdateProfileSchema, type UpdateProfileInput } from '@shared/profile';
import type { MeResponse } from '@shared/settings';
import { toaster } from '@/components/ui/toaster';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { useMe } from '@/lib/api/me';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadAvatar } from '../api/upload-avatar';
import { ChangePasswordCard } from './change-password-card';
import { SettingsCard } from './settings-card';

const initialOf = (me: MeResponse) => (me.profile.username?.trim() || me.email || 'U').charAt(0).toUpperCase();

function ProfilePicture({ me }: { me: MeResponse }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useUpdateProfile();
  const src = me.profile.avatar_url ?? undefined;

  return (
    <HStack gap="4" align="center" wrap="wrap">
      <Avatar.Root size="2xl" colorPalette="brand" variant="solid">
        <Avatar.Fallback>{initialOf(me)}</Avatar.Fallback>
        {src ? <Avatar.Image src={src} alt="Profile picture" data-testid="profile-picture" /> : null}
      </Avatar.Root>
      <Stack gap="2">
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" loading={upload.isPending} loadingText="Uploading..." onClick={() => fileInput.current?.click()}>
            <LuImageUp /> Upload picture
          </Button>
          {src ? (
            <Button size="sm" variant="ghost" colorPalette="red" loading={remove.isPending} onClick={() => remove.mutate({ avatar_url: null })}>
              <LuTrash2 /> Remove
            </Button>
          ) : null}
        </HStack>
        <Text textStyle="xs" color="fg.muted">
          An image file (JPG, PNG, GIF, WebP…), up to 100 MB.
        </Text>
        <VisuallyHidden asChild>
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_ACCEPT}
            aria-label="Profile picture file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = ''; // picking the same file again still fires change
              if (file) upload.mutate(file);
            }}
          />
        </VisuallyHidden>
      </Stack>
    </HStack>
  );
}

function ProfileForm({ me }: { me: MeResponse }) {
  const [username, setUsername] = useState(me.profile.username ?? '');
  const [bio, setBio] = useState(me.profile.bio ?? '');
  const [website, setWebsite] = useState(me.profile.website ?? '');
  // Starts empty: the current picture may be our own upload, whose URL is a short-lived signed link
  // that must not be saved back as the picture. Only a link the user types here is sent.
  const [avatarLink, setAvatarLink] = useState('');
  const save = useUpdateProfile({ onSuccess: () => setAvatarLink('') });
  // Each field the schema refuses is marked with its message (the toast names the first).
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit() {
    const body: UpdateProfileInput = { username, bio, website, ...(avatarLink.trim() ? { avatar_url: avatarLink } : {}) };
    const checked = UpdateProfileSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      toaster.error({ title: 'Error updating profile', description: checked.error.issues[0]?.message });
      return;
    }
    setErrors({});
    save.mutate(body);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="5">
        <ProfilePicture me={me} />
        <Field.Root invalid={Boolean(errors.avatar_url)}>
          <Field.Label>Profile picture URL</Field.Label>
          <Input type="url" placeholder="https://example.com/me.png" value={avatarLink} onChange={(e) => setAvatarLink(e.target.value)} />
          <Field.ErrorText>{errors.avatar_url}</Field.ErrorText>
          <Field.HelperText>Or paste a link to an image on the web; it replaces the current picture when you save.</Field.HelperText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.username)}>
          <Field.Label>Nickname</Field.Label>
          <Input value={username} maxLength={PROFILE_LIMITS.username} placeholder="What should we call you?" onChange={(e) => setUsername(e.target.value)} />
          <Field.ErrorText>{errors.username}</Field.ErrorText>
          <Field.HelperText>Shown in your dashboard greeting.</Field.HelperText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.bio)}>
          <Field.Label>Bio</Field.Label>
          <Textarea
            value={bio}
            maxLength={PROFILE_LIMITS.bio}
            autoresize
            minH="20"
            placeholder="A few words about you"
            onChange={(e) => setBio(e.target.value)}
          />
          <Field.ErrorText>{errors.bio}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.website)}>
          <Field.Label>Website</Field.Label>
          <Input type="url" value={website} placeholder="https://your-site.com" onChange={(e) => setWebsite(e.target.value)} />
          <Field.ErrorText>{errors.website}</Field.ErrorText>
        </Field.Root>
        <HStack>
          <Button type="submit" colorPalette="brand" loading={save.isPending}>
            Save Profile
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** The form's shape while the profile loads, so Change Password below it does not jump when the form arrives. */
function ProfileFormSkeleton() {
  const field = (helper: boolean, h = '10') => (
    <Stack gap="1.5">
      <Skeleton h="5" w="32" />
      <Skeleton h={h} />
      {helper ? <Skeleton h="4" w="3/4" /> : null}
    </Stack>
  );
  return (
    <Stack gap="5">
      <HStack gap="4">
        <Skeleton h="20" w="20" rounded="full" flexShrink={0} />
        <Stack gap="2" flex="1">
          <Skeleton h="8" w="40" />
          <Skeleton h="4" w="3/4" />
        </Stack>
      </HStack>
      {field(true)}
      {field(true)}
      {field(false, '20')}
      {field(false)}
      <Skeleton h="10" w="32" />
    </Stack>
  );
}

/** Settings → Profile: nickname, picture (upload or link), bio, website; then Change Password. */
export function ProfileTab() {
  const me = useMe();
  return (
    <Stack gap="6">
      <SettingsCard title="Profile" description="How you appear in the app.">
        {me.data ? <ProfileForm key={me.data.userId} me={me.data} /> : me.isError ? <Text color="fg.error">{me.error.message}</Text> : <ProfileFormSkeleton />}
      </SettingsCard>
      <ChangePasswordCard />
    </Stack>
  );
}
