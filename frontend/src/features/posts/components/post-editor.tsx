import { createContext, useContext, type ComponentType } from 'react';
import type { CreatePostBody, Post } from '@shared/posts';

/** The form the Edit Post dialog shows: the app passes Compose's form in (features do not import each other). */
export type PostEditor = ComponentType<{ post: Post; zone: string; saving: boolean; onSubmit: (body: CreatePostBody) => void }>;

export const PostEditorContext = createContext<PostEditor | null>(null);

export function usePostEditor(): PostEditor {
  const editor = useContext(PostEditorContext);
  if (!editor) throw new Error('usePostEditor: no PostEditorContext above (the Posts page provides it)');
  return editor;
}
