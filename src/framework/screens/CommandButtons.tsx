// The commands a user may run here, as buttons; each opens a drawer with the form of the command's input,
// or, for an import (a command taking a file), the import drawer.
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedCommands, commandLabel, offeredActions, type ResourceDecl } from '../resource/index.ts';
import { useLabel } from './fieldDisplay.tsx';
import { DeclaredImportResult, ImportDrawer, type ImportProblem } from './ImportDrawer.tsx';
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
  const { t } = useTranslation();
  const label = useLabel();
  const [running, setRunning] = useState<string | null>(null);
  const [run] = useResourceCommandMutation();
  // On a record, only those the server says it accepts on it (the record's `allowed`).
  const onRecord = record ? offeredActions(decl, record, permissions).commands : undefined;
  const commands = allowedCommands(decl, permissions, record ? 'record' : 'resource', state).filter(
    ([name, command]) => !command.ownScreen && (onRecord === undefined || onRecord.includes(name)),
  );
  const command = running ? decl.commands?.[running] : undefined;
  return (
    <>
      {commands.map(([name, decl_]) => (
        <Button key={name} danger={decl_.danger} onClick={() => setRunning(name)}>
          {label(commandLabel(decl, name))}
        </Button>
      ))}
      {command?.file && running ? (
        <ImportDrawer
          title={label(commandLabel(decl, running))}
          accept={command.file.accept}
          input={command.input}
          send={async ({ values, confirm, ...file }) => {
            const { result, message } = await run({
              decl,
              name: running,
              values: { ...values, ...file },
              preview: !confirm,
            }).unwrap();
            return { answer: result as ResourceRecord, ...(message ? { message } : {}) };
          }}
          problemsOf={(result) => (result.problems as ImportProblem[] | undefined) ?? []}
          summary={(_result, confirmed, message) =>
            confirmed ? (message ?? t('command.import.done')) : t('command.import.planned')
          }
          result={(result) =>
            command.preview ? <DeclaredImportResult decl={command.preview} result={result} /> : null
          }
          onClose={() => setRunning(null)}
        />
      ) : command && running ? (
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
