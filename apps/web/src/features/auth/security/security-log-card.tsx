import { useSyncExternalStore } from 'react';
import { clearSecurityLog, readSecurityLog, subscribeSecurityLog, type SecurityLogEntry } from '../../../lib/security-log';

const NO_ENTRIES: readonly SecurityLogEntry[] = [];

function formatTime(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString();
}

/** The security events this browser recorded (403/429 answers, sign-in failures, CSP violations), newest first. */
export function SecurityLogCard() {
  const entries = useSyncExternalStore(subscribeSecurityLog, readSecurityLog, () => NO_ENTRIES);

  return (
    <section aria-labelledby="security-log-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="security-log-heading" className="text-lg font-semibold text-slate-900">Security log</h2>
        <button
          type="button"
          onClick={clearSecurityLog}
          disabled={entries.length === 0}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
        >
          Clear
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-700">Refused requests and other security events recorded on this device (the latest 50).</p>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No security events recorded on this device.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Security events, newest first</caption>
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">Time</th>
                <th scope="col" className="py-2 pr-3 font-semibold">Level</th>
                <th scope="col" className="py-2 pr-3 font-semibold">Event</th>
                <th scope="col" className="py-2 font-semibold">Message</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {entries.map((entry, index) => (
                <tr key={`${entry.at}-${index}`} className="align-top">
                  <td className="py-2 pr-3 whitespace-nowrap text-slate-600">
                    <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                  </td>
                  <td className="py-2 pr-3">
                    <span className={entry.level === 'error' ? 'rounded bg-red-100 px-2 py-0.5 text-xs text-red-900' : 'rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900'}>
                      {entry.level === 'error' ? 'Error' : 'Warning'}
                    </span>
                  </td>
                  <td className="py-2 pr-3 font-mono text-xs text-slate-800">{entry.event}</td>
                  <td className="py-2 break-words text-slate-900">{entry.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
