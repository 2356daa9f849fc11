import { checkUploadSize, isAcceptedMediaType, isDocumentType, MEDIA_TYPE_MESSAGE } from '@shared/media';
import { MSG } from '@shared/messages';

export interface MediaFileRefusal {
  title: string;
  description: string;
}

/** A PDF picked where no selected network takes documents. */
export const DOCUMENT_NEEDS_LINKEDIN_MESSAGE = 'PDF documents post to LinkedIn only; select LinkedIn to attach one.';

/**
 * The rules a picked or dropped file meets before anything is sent (docs/product-rules.md#media-rules), for
 * every place that uploads media (Compose, the Import page): files that are not images, videos or PDFs are
 * ignored; an image or video of a type the platforms do not publish (SVG, HEIC, MKV…) or over 100 MB
 * is refused with the reason; a PDF is refused unless `documents` (LinkedIn is among the selected
 * networks); files past `room` are not taken ("Too many files", once).
 */
export function screenMediaFiles(
  files: Iterable<File>,
  room: number,
  tooManyMessage: string,
  { documents = false }: { documents?: boolean } = {},
): { accepted: File[]; refusals: MediaFileRefusal[] } {
  const accepted: File[] = [];
  const refusals: MediaFileRefusal[] = [];
  for (const file of files) {
    if (accepted.length >= room) {
      refusals.push({ title: 'Too many files', description: tooManyMessage });
      break;
    }
    if (!isAcceptedMediaType(file.type)) {
      if (/^(image|video)\//i.test(file.type)) refusals.push({ title: 'File not supported', description: `${file.name}: ${MEDIA_TYPE_MESSAGE}` });
      continue;
    }
    if (!documents && isDocumentType(file.type)) {
      refusals.push({ title: 'File not supported', description: `${file.name}: ${DOCUMENT_NEEDS_LINKEDIN_MESSAGE}` });
      continue;
    }
    const tooLarge = checkUploadSize(file.name, file.size);
    if (tooLarge) refusals.push({ title: MSG.fileTooLargeTitle, description: tooLarge });
    else accepted.push(file);
  }
  return { accepted, refusals };
}
