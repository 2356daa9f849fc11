import type { VideoFacts } from '@shared/media';

/** How long the browser may take to read a video's header before compose goes on without it. */
export const VIDEO_FACTS_TIMEOUT_MS = 10_000;

/**
 * A picked video's length and displayed size, read by a detached <video> element from the local
 * file (loadedmetadata: duration, videoWidth, videoHeight; rotation already applied). Media confirm
 * stores them for the platforms' compose rules (shared/media-rules.ts). Null when the browser cannot
 * read the file (a codec it lacks) or takes too long: the rules then do not hold it against the user.
 */
export function readVideoFacts(file: File, timeoutMs = VIDEO_FACTS_TIMEOUT_MS): Promise<VideoFacts | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    let done = false;
    const finish = (facts: VideoFacts | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load?.();
      URL.revokeObjectURL(url);
      resolve(facts);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      const { duration, videoWidth, videoHeight } = video;
      const ok = Number.isFinite(duration) && duration > 0 && videoWidth > 0 && videoHeight > 0;
      finish(ok ? { duration_seconds: Math.round(duration * 1000) / 1000, width: videoWidth, height: videoHeight } : null);
    };
    video.onerror = () => finish(null);
    video.src = url;
  });
}
