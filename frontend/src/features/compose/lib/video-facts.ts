/** Moved to frontend/src/lib so the Import page's media panel measures videos the same way; Compose imports it from here. */
export { readVideoFacts, VIDEO_FACTS_TIMEOUT_MS } from '@/lib/video-facts';
