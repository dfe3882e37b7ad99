// Starts a download as a click on a link with the download attribute would (the page stays where it
// is): of a same-origin URL (the server's Content-Disposition names the file), or of a file the page
// made itself (a CSV of the numbers it shows).

function clickDownload(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

export function downloadFrom(url: string): void {
  clickDownload(url, '');
}

/** Downloads `text` as a file named `fileName` (CSV unless another type is given). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  clickDownload(url, fileName);
  // The click has started the download by the next task; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
