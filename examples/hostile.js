// hostile.html?calm drops the page's stylesheet, to compare the widgets with and without it.
if (new URLSearchParams(location.search).has('calm')) document.getElementById('hostile-css')?.remove();
