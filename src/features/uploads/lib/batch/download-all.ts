/** Starts a download without leaving the page: the service sends the ZIP as an attachment. */
export function saveThroughLink(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
