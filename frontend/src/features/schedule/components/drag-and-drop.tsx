import { Box, type BoxProps } from '@chakra-ui/react';
import { createContext, use, useCallback, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { DropTarget } from '../utils/calendar-dates';

/** Our own MIME type, so text dragged in from elsewhere is never read as a post id. */
const POST_DRAG_TYPE = 'application/x-scheduled-post';

interface DragContextValue {
  draggingId: string | null;
  setDraggingId: (id: string | null) => void;
  onDropPost: (postId: string, target: DropTarget) => void;
}

const DragContext = createContext<DragContextValue | null>(null);

/** Native HTML5 drag and drop between the calendar's posts and its days / hour slots. */
export function PostDragProvider({ onDropPost, children }: { onDropPost: DragContextValue['onDropPost']; children: ReactNode }) {
  const [draggingId, setDraggingId] = useState<string | null>(null);
  // The handler changes on every render of the page; a ref keeps the context value stable, so the
  // 168 hour slots of a week re-render only when a drag starts or ends.
  const dropRef = useRef(onDropPost);
  useLayoutEffect(() => {
    dropRef.current = onDropPost;
  });
  const dropPost = useCallback<DragContextValue['onDropPost']>((postId, target) => dropRef.current(postId, target), []);
  const value = useMemo(() => ({ draggingId, setDraggingId, onDropPost: dropPost }), [draggingId, dropPost]);
  return <DragContext value={value}>{children}</DragContext>;
}

function useDragContext(): DragContextValue {
  const context = use(DragContext);
  if (!context) throw new Error('Calendar drag and drop needs a PostDragProvider');
  return context;
}

/** Props that make an element carry `postId` when dragged (only scheduled posts can move). */
export function useDraggablePost(postId: string, enabled: boolean) {
  const { draggingId, setDraggingId } = useDragContext();
  if (!enabled) return { draggable: false, isDragging: false, props: {} };
  return {
    draggable: true,
    isDragging: draggingId === postId,
    props: {
      draggable: true,
      onDragStart: (event: DragEvent<HTMLElement>) => {
        event.stopPropagation();
        event.dataTransfer.setData(POST_DRAG_TYPE, postId);
        event.dataTransfer.setData('text/plain', postId);
        event.dataTransfer.effectAllowed = 'move';
        setDraggingId(postId);
      },
      onDragEnd: () => setDraggingId(null),
    },
  };
}

function draggedPostId(event: DragEvent, fallback: string | null): string | null {
  return event.dataTransfer?.getData(POST_DRAG_TYPE) || fallback;
}

/** A day cell or hour slot that accepts a dragged post; it highlights while a post hovers over it. */
export function DropZone({ target, children, ...rest }: { target: DropTarget; children?: ReactNode } & BoxProps) {
  const { draggingId, setDraggingId, onDropPost } = useDragContext();
  const [over, setOver] = useState(false);
  const accepts = (event: DragEvent) => draggingId !== null || Boolean(event.dataTransfer?.types?.includes(POST_DRAG_TYPE));

  return (
    <Box
      {...rest}
      data-drop-over={over || undefined}
      outline={over ? '2px dashed' : undefined}
      outlineColor={over ? 'brand.solid' : undefined}
      outlineOffset="-2px"
      onDragOver={(event: DragEvent<HTMLDivElement>) => {
        if (!accepts(event)) return;
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={(event: DragEvent<HTMLDivElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event: DragEvent<HTMLDivElement>) => {
        event.preventDefault();
        setOver(false);
        const postId = draggedPostId(event, draggingId);
        setDraggingId(null);
        if (postId) onDropPost(postId, target);
      }}
    >
      {children}
    </Box>
  );
}
