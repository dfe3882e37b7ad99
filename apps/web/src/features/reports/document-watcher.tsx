import { useEffect, useRef } from 'react';
import { downloadFrom } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useReport } from './api/report';
import { reportFilePath } from './api/report-keys';
import { unwatchDocument, useWatchedDocuments } from './watched-documents';

// Follows every document the user started until its PDF is on the server: "<Title> is ready" with a
// Download button when it is, an error toast with the reason when it failed. The server also writes the inbox entry. Mounted more than once (a page and the shell), the
// first watcher to see the end tells the user, the others say nothing.

export function DocumentWatcher() {
  const ids = useWatchedDocuments();
  return (
    <>
      {ids.map((id) => (
        <WatchOne key={id} id={id} />
      ))}
    </>
  );
}

function WatchOne({ id }: { id: string }) {
  const report = useReport(id);
  const told = useRef(false);
  const status = report.data?.status;
  useEffect(() => {
    if (told.current) return;
    if (report.isError) {
      told.current = true;
      if (unwatchDocument(id)) notify.error('The document could not be followed', errorText(report.error));
      return;
    }
    if (!report.data) return;
    if (status === 'ready') {
      told.current = true;
      if (unwatchDocument(id)) {
        notify.success(`${report.data.title} is ready`, `${report.data.pageCount ?? 0} pages, also in your inbox.`, {
          label: 'Download',
          onClick: () => downloadFrom(reportFilePath(id)),
        });
      }
    } else if (status === 'failed') {
      told.current = true;
      if (unwatchDocument(id)) notify.error(`${report.data.title} failed`, report.data.error ?? 'The PDF could not be made. Try again.');
    }
  }, [id, report.data, report.error, report.isError, status]);
  return null;
}
