import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CheckNote, CheckProblem } from './file-check';

/*
 * The words for a check's findings, chosen on the page (the check itself runs in a worker without catalogs).
 * Descriptors, not strings: a list of refused files stays on screen, and follows a change of language.
 */
export function checkProblemMessage(problem: CheckProblem): MessageDescriptor {
  switch (problem.kind) {
    case 'unreadable': {
      const format = problem.format;
      return msg`could not be read as an image: the file is damaged or not really a ${format}`;
    }
    case 'misnamed': {
      const { actual, extension, preferred } = problem;
      return msg`this is a ${actual} named .${extension}: rename it to .${preferred}`;
    }
    case 'truncated':
      return truncatedMessage(problem.format);
    case 'readFailed': {
      const detail = problem.detail;
      return msg`could not be read: ${detail}`;
    }
    case 'checkFailed': {
      const detail = problem.detail;
      return msg`could not be checked (${detail}); remove it and add it again`;
    }
  }
}

/** One sentence per format: each names the part that is missing, which differs per format. */
function truncatedMessage(format: Extract<CheckProblem, { kind: 'truncated' }>['format']): MessageDescriptor {
  switch (format) {
    case 'jpeg':
      return msg`the JPEG is cut off (its end-of-image marker is missing)`;
    case 'png':
      return msg`the PNG is cut off (its IEND end chunk is missing)`;
    case 'gif':
      return msg`the GIF is cut off (its trailer is missing)`;
    case 'webp':
      return msg`the WebP is cut off (shorter than its header says)`;
    case 'bmp':
      return msg`the BMP is cut off (shorter than its header says)`;
    case 'pdf':
      return msg`the PDF is cut off (its %%EOF end marker is missing)`;
  }
}

export function checkNoteMessage(note: CheckNote): MessageDescriptor {
  const format = note.format;
  return msg`${format} structure checked (the browser cannot display ${format} files)`;
}
