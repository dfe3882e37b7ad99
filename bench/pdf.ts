// bench:pdf: a 200-photo report rendered by the real job (written with issue 14).
console.log('bench:pdf is not written yet');
