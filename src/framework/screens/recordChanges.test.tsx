import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tenant } from '../../shared/tenant/index.ts';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { contractLine, testContract } from '../resource/testDeclaration.ts';
import { ResourceList } from './ResourceList.tsx';
import { useRecordChangesOfOtherWindows } from './recordChanges.ts';
import { mockResource } from './testing/mockResource.ts';
import { renderResource } from './testing/render.tsx';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

const contracts = [
  { id: '1', contractNo: 'CG202601', partnerId: 'p1', partnerIdName: '北方棉业', tonnage: '40.0000' },
  { id: '2', contractNo: 'CG202602', partnerId: 'p1', partnerIdName: '北方棉业', tonnage: '41.0000' },
].map((row) => ({ ...row, unitPrice: '15800.00', status: 'draft', signDate: '2026-10-01', remark: '' }));
const lines = [{ id: 'l1', batchNo: '65001241001', conditionedWeight: '40.0000', unitPrice: '15800.00' }];

function ListeningScreens() {
  useRecordChangesOfOtherWindows();
  return (
    <>
      <ResourceList decl={testContract} />
      <ResourceList decl={contractLine} />
    </>
  );
}

/** Two lists of different resources on screen, as two open tabs or a list and a lookup would be. */
function setup() {
  mockState.privileges.testContract = ['view', 'delete'];
  const contractsServed = mockResource(testContract, contracts);
  const linesServed = mockResource(contractLine, lines);
  server.use(...contractsServed.handlers, ...linesServed.handlers);
  renderResource(<ListeningScreens />);
  return { contractsServed, linesServed };
}

const listCalls = (served: ReturnType<typeof mockResource>) => served.state.calls.list?.length ?? 0;

test('a change to one resource refetches the other resources on screen (side effects reach them)', async () => {
  const { contractsServed, linesServed } = setup();
  await screen.findByText('65001241001');
  await screen.findByText('CG202602');
  const linesBefore = listCalls(linesServed);
  const deleteButton = [...document.querySelectorAll('button')].find((b) =>
    /删\s?除/.test(b.textContent ?? ''),
  )!;
  await userEvent.click(deleteButton);
  const confirm = await waitFor(() => {
    const button = [...document.querySelectorAll<HTMLElement>('.ant-popconfirm button')].find((b) =>
      /确\s?定|OK/.test(b.textContent ?? ''),
    );
    expect(button).toBeDefined();
    return button!;
  });
  await userEvent.click(confirm);
  await waitFor(() => expect(contractsServed.state.calls.delete).toHaveLength(1));
  await waitFor(() => expect(listCalls(linesServed)).toBeGreaterThan(linesBefore));
});

test('a change announced by another window refetches the records of this one', async () => {
  const { contractsServed } = setup();
  await screen.findByText('CG202602');
  const before = listCalls(contractsServed);
  const otherWindow = new BroadcastChannel(`${tenant.code}-records-changed`);
  otherWindow.postMessage('changed');
  otherWindow.close();
  await waitFor(() => expect(listCalls(contractsServed)).toBeGreaterThan(before));
});
