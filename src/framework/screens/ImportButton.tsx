import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import type { ResourceDecl } from '../resource/index.ts';
import { usePermissions } from './hooks.tsx';

/** A list's import button, for holders of the resource's import right; it opens the area's own drawer. */
export function ImportButton(props: {
  decl: ResourceDecl;
  label: string;
  drawer: (close: () => void) => ReactNode;
}) {
  const { permissions } = usePermissions(props.decl);
  const [open, setOpen] = useState(false);
  if (!permissions.includes('import')) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      {open ? props.drawer(() => setOpen(false)) : null}
    </>
  );
}
