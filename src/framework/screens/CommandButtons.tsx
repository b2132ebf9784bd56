// The commands a user may run here, as buttons; each opens a drawer with the form of the command's input.
import { Button } from 'antd';
import { useState } from 'react';
import { allowedCommands, commandLabel, type ResourceDecl } from '../resource/index.ts';
import { useLabel } from './fieldDisplay.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { type ResourceRecord, useResourceCommandMutation } from './resourceApi.ts';

export interface CommandButtonsProps {
  decl: ResourceDecl;
  permissions: readonly string[];
  /** The record the commands apply to; absent for the resource's own commands (an import). */
  record?: ResourceRecord;
  state?: string;
}

export function CommandButtons({ decl, permissions, record, state }: CommandButtonsProps) {
  const label = useLabel();
  const [running, setRunning] = useState<string | null>(null);
  const [run] = useResourceCommandMutation();
  const commands = allowedCommands(decl, permissions, record ? 'record' : 'resource', state).filter(
    ([, command]) => !command.ownScreen,
  );
  const command = running ? decl.commands?.[running] : undefined;
  return (
    <>
      {commands.map(([name, decl_]) => (
        <Button key={name} danger={decl_.danger} onClick={() => setRunning(name)}>
          {label(commandLabel(decl, name))}
        </Button>
      ))}
      {command && running ? (
        <ResourceForm
          decl={command.input}
          open
          title={label(commandLabel(decl, running))}
          onClose={() => setRunning(null)}
          onSubmit={async (values) =>
            (await run({ decl, name: running, id: record?.id, values }).unwrap()).message
          }
          preview={
            command.preview
              ? {
                  decl: command.preview,
                  run: async (values) =>
                    (await run({ decl, name: running, id: record?.id, values, preview: true }).unwrap())
                      .result as ResourceRecord,
                }
              : undefined
          }
        />
      ) : null}
    </>
  );
}
