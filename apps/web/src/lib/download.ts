// Starts a download of a same-origin URL, as a click on a link with the download attribute would
// (the page stays where it is; the server's Content-Disposition names the file).

export function downloadFrom(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
