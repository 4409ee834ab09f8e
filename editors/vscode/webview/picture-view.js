// The caller-tree webview's script: draws the Mermaid source the extension
// put in #source with the bundled mermaid (nothing comes from the network)
// and tells the extension what it drew.
import mermaid from 'mermaid';

// eslint-disable-next-line no-undef
const vscode = acquireVsCodeApi();

async function draw() {
  const source = document.getElementById('source').textContent || '';
  const target = document.getElementById('picture');
  const dark = document.body.classList.contains('vscode-dark') || document.body.classList.contains('vscode-high-contrast');
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
    flowchart: { htmlLabels: true, useMaxWidth: false },
  });
  try {
    const { svg } = await mermaid.render('callcascade-callers', source);
    target.innerHTML = svg;
    target.removeAttribute('aria-busy');
    const labels = [...target.querySelectorAll('.node')].map((n) => (n.textContent || '').replace(/\s+/g, ' ').trim());
    // Each box's small print is the symbol's file:line: a click opens it.
    for (const node of target.querySelectorAll('.node')) {
      const small = node.querySelector('small');
      const m = ((small && small.textContent) || '').trim().match(/^(.+):(\d+)$/);
      if (m) {
        node.style.cursor = 'pointer';
        node.addEventListener('click', () => vscode.postMessage({ type: 'open', file: m[1], line: Number(m[2]) }));
      }
    }
    vscode.postMessage({ type: 'rendered', labels, edges: target.querySelectorAll('.flowchart-link, .edgePath').length });
  } catch (err) {
    target.removeAttribute('aria-busy');
    target.textContent = `Mermaid could not draw this picture: ${err && err.message ? err.message : err}`;
    vscode.postMessage({ type: 'error', message: String(err && err.message ? err.message : err) });
  }
}

draw();
