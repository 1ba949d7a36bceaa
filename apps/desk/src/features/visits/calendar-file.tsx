import { useEffect, useState } from 'react';
import { buttonClass } from '../../components/ui.ts';
import { API_BASE } from '../../lib/api.ts';

const CALENDAR_TYPE = 'text/calendar';

/**
 * Whether this browser's share sheet takes a calendar file. `canShare` judges a file by its name
 * and type only, so an empty one of the same kind answers for the real one.
 */
function canShareCalendarFile(fileName: string): boolean {
  if (typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([], fileName, { type: CALENDAR_TYPE })] });
  } catch {
    return false;
  }
}

/**
 * The visit's calendar file for the agent to pass on. A plain download link (the session cookie
 * goes with it, as with any desk request); where the phone's share sheet takes files, the same
 * tap opens it instead. The file is fetched ahead of the tap, because browsers only open the
 * sheet straight from the tap itself.
 */
export function CalendarFileLink({ path, fileName }: { path: string; fileName: string }) {
  const href = `${API_BASE}${path}`;
  const [file, setFile] = useState<File | null>(null);

  useEffect(() => {
    if (!canShareCalendarFile(fileName)) return;
    const controller = new AbortController();
    fetch(href, { credentials: 'same-origin', signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        setFile(new File([await response.blob()], fileName, { type: CALENDAR_TYPE }));
      })
      // Without the file in hand the link still downloads it.
      .catch(() => undefined);
    return () => controller.abort();
  }, [href, fileName]);

  function share(event: React.MouseEvent<HTMLAnchorElement>) {
    if (!file) return;
    event.preventDefault();
    navigator.share({ files: [file], title: fileName }).catch((error: unknown) => {
      // Closing the sheet without choosing is the agent's choice; any other refusal downloads.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      window.location.assign(href);
    });
  }

  return (
    <a className={buttonClass('secondary')} href={href} download={fileName} onClick={share}>
      {file ? 'Share calendar file' : 'Download calendar file'}
    </a>
  );
}
