import { createContext, useContext, type ReactNode } from 'react';
import type { Post } from '@shared/posts';
import type { CreatePostBody } from '@shared/post-bodies';

export interface PostEditorProps {
  post: Post;
  zone: string;
  saving: boolean;
  onSubmit: (body: CreatePostBody) => void;
}

/** Renders the form the Edit Post dialog shows: the app passes Compose's form in (features do not import each other). */
export type RenderPostEditor = (props: PostEditorProps) => ReactNode;

export const PostEditorContext = createContext<RenderPostEditor | null>(null);

export function usePostEditor(): RenderPostEditor {
  const render = useContext(PostEditorContext);
  if (!render) throw new Error('usePostEditor: no PostEditorContext above (the Posts page provides it)');
  return render;
}
