// Tasks: state, objective, branch, and the worker pane's agent (what it does, whether it waits for you,
// in its own words); the worker's terminal a click away; a finished task's diff (task.diff, task.file_diff hunks as a diff
// view), and finishing it with merge or discard (task.finish).
import { h, fill } from './dom.js';
import { S, call, ui } from './state.js';
import { badges, waitsWith } from './layout.js';

export function renderTasks(main) {
  const rows = S.tasks.map((t) => h('tr', { class: 'task-row' + (S.task && S.task.task_id === t.task_id ? ' on' : ''), dataset: { taskId: t.task_id },
    onclick: () => openTask(t.task_id) },
  h('td', {}, h('span', { class: 'badge st-' + t.state }, t.state)),
  // with ten agents at work, the row says which one waits for you and why, not only the task's state
  h('td', { class: 'task-agent' }, t.pane_id && S.panes.has(t.pane_id) ? badges(t.pane_id) : null),
  h('td', {}, t.objective || '', t.pane_id ? waitsWith(t.pane_id) : null), h('td', { class: 'mono' }, t.branch || '')));
  fill(main, h('h1', {}, 'Tasks'),
    rows.length ? h('table', { class: 'tasks' }, h('tr', {}, h('th', {}, 'state'), h('th', {}, 'agent'), h('th', {}, 'objective'), h('th', {}, 'branch')), rows)
      : h('p', { class: 'quiet' }, 'No tasks. Start one with + Task, or signaltty task start.'),
    S.task ? taskDetail() : null);
}

async function openTask(id) {
  S.task = { task_id: id };
  ui.render();
  try { S.task.diff = (await call('task.diff', { task_id: id })).diff; } catch (e) { S.task.error = e.message; }
  ui.render();
}

async function openFile(path) {
  S.task.file = path;
  S.task.fileDiff = null;
  ui.render();
  S.task.fileDiff = await call('task.file_diff', { task_id: S.task.task_id, path });
  ui.render();
}

function taskDetail() {
  const t = S.tasks.find((x) => x.task_id === S.task.task_id) || {};
  const d = S.task.diff;
  const finish = (disposition) => {
    if (confirm((disposition === 'merge' ? 'Merge ' : 'Discard ') + t.task_id + '?')) {
      call('task.finish', { task_id: t.task_id, [disposition]: true }).then(() => { S.task = null; ui.render(); });
    }
  };
  return h('section', { class: 'task-detail', dataset: { taskId: t.task_id } },
    h('h2', {}, t.objective || t.task_id),
    h('div', { class: 'options' },
      t.pane_id && S.panes.has(t.pane_id) ? h('button', { class: 'opt show-pane', onclick: () => ui.showPane(t.pane_id) }, 'Terminal') : null,
      h('button', { class: 'opt allow_once', dataset: { finish: 'merge' }, onclick: () => finish('merge') }, 'Merge'),
      h('button', { class: 'opt deny', dataset: { finish: 'discard' }, onclick: () => finish('discard') }, 'Discard')),
    S.task.error ? h('p', { class: 'quiet' }, S.task.error) : null,
    d && !(d.files || []).length ? h('p', { class: 'quiet no-changes' }, 'No changes in the worktree yet.') : null,
    d ? h('ul', { class: 'files' }, (d.files || []).map((f) => h('li', {},
      h('button', { class: 'file' + (S.task.file === f.path ? ' on' : ''), dataset: { path: f.path }, onclick: () => openFile(f.path) },
        h('span', { class: 'fstatus ' + f.status }, f.status), ' ', f.path,
        f.added != null ? h('span', { class: 'add' }, ' +' + f.added) : null, f.removed != null ? h('span', { class: 'del' }, ' −' + f.removed) : null)))) : null,
    S.task.fileDiff ? diffView(S.task.fileDiff.content) : null);
}

function diffView(content) {
  if (content.kind !== 'text') return h('p', { class: 'quiet' }, content.kind + (content.reason ? ': ' + content.reason : ''));
  return h('div', { class: 'diff' }, content.notice ? h('p', { class: 'quiet' }, content.notice) : null,
    content.hunks.map((hk) => h('div', { class: 'hunk' },
      h('div', { class: 'hunk-head' }, `@@ -${hk.old_start},${hk.old_count} +${hk.new_start},${hk.new_count} @@ ${hk.heading || ''}`),
      hk.lines.map((l) => h('div', { class: 'dl ' + l.kind },
        h('span', { class: 'ln' }, l.old_line ?? ''), h('span', { class: 'ln' }, l.new_line ?? ''),
        h('span', { class: 'lt' }, (l.kind === 'added' ? '+' : l.kind === 'removed' ? '-' : ' ') + l.text))))));
}
