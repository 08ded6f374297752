// Starting work from the page (ADR 0971): a new workspace, a new tab in one, a new task. Each is a
// form in a <dialog> outside #app, so the page's redraw on every event does not wipe what is typed.
// The daemon checks the input: its error (code and message naming the field) is shown in the form,
// and what a failed second step would leave half made (a workspace or tab with no pane) is closed again.
import { h } from './dom.js';
import { S, rpc, fetchStructure, fetchTasks, ui } from './state.js';

/** A command line as argv words: spaces split, '…' and "…" quote, \ escapes (no expansion: no shell runs it). */
export function words(line) {
  const out = [];
  let word = null;
  let quote = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
    } else if (c === "'" || c === '"') { quote = c; word ??= ''; }
    else if (c === '\\' && i + 1 < line.length) word = (word ?? '') + line[++i];
    else if (/\s/.test(c)) { if (word !== null) out.push(word); word = null; }
    else word = (word ?? '') + c;
  }
  if (word !== null) out.push(word);
  return out;
}

/** Which form field a daemon's field name is shown on. */
const FIELD_OF = { argv: 'command', name: 'name', cwd: 'cwd', repo: 'repo', objective: 'objective', agent: 'agent',
  base: 'base', branch: 'branch', ready_timeout_s: 'ready_timeout_s', stall_timeout_s: 'stall_timeout_s' };

/**
 * Shows a form; submit(values) does the requests and returns the tab to show. A failure stays in the
 * form as the daemon said it, with the named field marked.
 */
function openForm(kind, title, fields, submit) {
  const error = h('p', { class: 'form-error', role: 'alert', hidden: true });
  const inputs = fields.map((f) => h('label', { class: f.half ? 'half' : null }, f.label,
    h('input', { name: f.name, placeholder: f.placeholder || '', autocomplete: 'off', spellcheck: 'false',
      inputmode: f.inputmode, list: f.choices ? 'choices-' + f.name : null }),
    f.choices ? h('datalist', { id: 'choices-' + f.name }, f.choices.map((c) => h('option', { value: c }))) : null));
  const go = h('button', { type: 'submit', class: 'primary' }, title);
  const form = h('form', { dataset: { form: kind } }, h('h2', {}, title), h('div', { class: 'fields' }, inputs), error,
    h('div', { class: 'form-buttons' }, h('button', { type: 'button', onclick: () => dialog.close() }, 'Cancel'), go));
  const dialog = h('dialog', { class: 'work-form' }, form);
  dialog.addEventListener('close', () => dialog.remove());
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const values = Object.fromEntries(fields.map((f) => [f.name, form.elements[f.name].value.trim()]));
    for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    go.disabled = true;
    error.hidden = true;
    try {
      const tabId = await submit(values);
      // the new tab is shown before the form goes (its events may not have been fetched yet)
      await fetchStructure().catch(() => {}); // a dropped connection: recovery fetches again
      if (tabId && S.tabs.has(tabId)) ui.go({ kind: 'tab', tabId });
      else ui.render();
      dialog.close();
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
      const field = FIELD_OF[err.details && err.details.field];
      if (field && form.elements[field]) form.elements[field].setAttribute('aria-invalid', 'true');
    } finally {
      go.disabled = false;
    }
  });
  document.body.append(dialog);
  dialog.showModal();
  form.elements[fields[0].name].focus();
}

const argvOf = (command) => (command ? { argv: words(command) } : {}); // none: the user's shell
/** The fields filled in: an empty one is left out, so the daemon applies its default or says it is required. */
const given = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v != null));

/** A pane in a tab just made; if it cannot start, the tab (or workspace) made for it is closed again. */
async function firstPane(spawn, undo) {
  try {
    return (await rpc.call('pane.spawn', spawn)).tab_id;
  } catch (e) {
    await rpc.call(undo.method, undo.params).then(
      () => { e.message += ' (nothing was created)'; },
      (u) => { e.message += ' (and the ' + undo.what + ' made for it could not be closed: ' + u.message + ')'; });
    throw e;
  }
}

export function newWorkspace() {
  openForm('workspace', 'New workspace', [
    { name: 'name', label: 'Name', placeholder: 'the directory\'s name' },
    { name: 'cwd', label: 'Directory', placeholder: 'your home directory' },
    { name: 'command', label: 'Command', placeholder: 'your shell' },
  ], async (v) => {
    const ws = await rpc.call('workspace.create', given({ name: v.name, cwd: v.cwd }));
    return firstPane({ workspace_id: ws.workspace_id, ...argvOf(v.command) },
      { method: 'workspace.close', params: { workspace_id: ws.workspace_id }, what: 'workspace' });
  });
}

export function newTab(workspaceId) {
  openForm('tab', 'New tab', [{ name: 'command', label: 'Command', placeholder: 'your shell' }], async (v) => {
    const tab = await rpc.call('tab.create', { workspace_id: workspaceId });
    return firstPane({ workspace_id: workspaceId, tab_id: tab.tab_id, ...argvOf(v.command) },
      { method: 'tab.close', params: { tab_id: tab.tab_id }, what: 'tab' });
  });
}

/** A number typed in a field: sent as a number when it is one, else as typed, for the daemon to name the field. */
const numberOr = (text) => (text && Number.isFinite(Number(text)) ? Number(text) : text);

export function startTask() {
  openForm('task', 'Start task', [
    { name: 'repo', label: 'Repository', placeholder: '/path/to/a/git/checkout' },
    { name: 'objective', label: 'Objective', placeholder: 'what the agent is to do' },
    { name: 'agent', label: 'Agent', placeholder: 'claude', choices: ['claude', 'codex'], half: true },
    { name: 'command', label: 'Command', placeholder: 'the agent\'s own', half: true },
    { name: 'base', label: 'Base', placeholder: 'HEAD', half: true },
    { name: 'branch', label: 'Branch', placeholder: 'signaltty/<task id>', half: true },
    { name: 'ready_timeout_s', label: 'Ready timeout (s)', placeholder: '30', inputmode: 'decimal', half: true },
    { name: 'stall_timeout_s', label: 'Stall timeout (s)', placeholder: '5', inputmode: 'decimal', half: true },
  ], async (v) => {
    // one request: the daemon checks every field before it makes anything (a bad base, branch or timeout
    // leaves no task), then makes the worktree, workspace, tab and pane, or none of them
    const r = await rpc.call('task.start', {
      ...given({ repo: v.repo, objective: v.objective, agent: v.agent, base: v.base, branch: v.branch,
        ready_timeout_s: numberOr(v.ready_timeout_s), stall_timeout_s: numberOr(v.stall_timeout_s) }),
      ...argvOf(v.command) });
    await fetchTasks();
    return r.pane && r.pane.tab_id;
  });
}
