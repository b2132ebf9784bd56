import { grantTree, heldOnScreen, linesByModule, linesOf, setAllUnder, setRoleWide } from './grants.ts';

const codes = (...list: string[]) => list.map((code) => ({ code, name: code }));
const tree = grantTree([
  { id: 'g', parentId: null, kind: 'group', code: 'pri', title: '系统设置', codes: [] },
  { id: 'a', parentId: 'g', kind: 'leaf', code: 'A', title: 'A', codes: codes('view', 'create') },
  { id: 'b', parentId: 'g', kind: 'leaf', code: 'B', title: 'B', codes: codes('view', 'export') },
]);

test('unticking a group clears its screens and its own line, codes none of them offers included', () => {
  const held = linesByModule([
    { moduleId: 'g', codes: ['view', 'approve'] },
    { moduleId: 'a', codes: ['create'] },
  ]);
  expect([...heldOnScreen(tree, held, 'b')]).toEqual(['view']);
  expect(linesOf(tree, setAllUnder(tree, held, 'g', false))).toEqual([]);
});

test('ticking a screen keeps a code it does not offer (a role-wide one) on its line', () => {
  const held = linesByModule([{ moduleId: 'b', codes: ['ownClients'] }]);
  expect(linesOf(tree, setAllUnder(tree, held, 'b', true))).toEqual([
    { moduleId: 'b', codes: ['view', 'export', 'ownClients'] },
  ]);
});

test('a role-wide code goes on the first screen the role holds something on, once', () => {
  const held = linesByModule([{ moduleId: 'b', codes: ['view'] }]);
  const on = setRoleWide(tree, held, 'ownClients', true);
  expect(linesOf(tree, setRoleWide(tree, on, 'ownClients', true))).toEqual([
    { moduleId: 'b', codes: ['view', 'ownClients'] },
  ]);
  expect(linesOf(tree, setRoleWide(tree, on, 'ownClients', false))).toEqual([
    { moduleId: 'b', codes: ['view'] },
  ]);
});
