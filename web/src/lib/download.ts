/**
 * A CSV file's text as Excel opens it: a byte-order mark first, so that it reads the file as UTF-8
 * (Arabic names, currency signs; the import ignores it), and a line end after the last row.
 */
export const csvFileText = (csv: string) => `\uFEFF${csv}\r\n`;

/** Hands a text file to the browser's download (the units export and template, the Insights tab's CSV buttons). */
export const downloadTextFile = (fileName: string, text: string, type = 'text/csv;charset=utf-8') => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: give them the URL a moment longer.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
