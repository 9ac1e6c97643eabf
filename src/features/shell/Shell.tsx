import { useState, type ReactNode } from 'react';
import type { Config } from '../../../contract/schemas/catalog';
import type { Publisher } from '../../../contract/schemas/publisher';
import { useChecks } from '../../lib/use-permissions';
import { ShellLayout } from './layout';
import { Sidebar } from './Sidebar';

/** The publisher layout (SPEC §2): the shell with the signed-in user's sidebar. */
export function Shell(props: { publisher: Publisher | null; config: Config; signedIn: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const checks = useChecks();
  return (
    <ShellLayout
      productName={props.config.productName}
      open={open}
      onToggle={() => setOpen((o) => !o)}
      sidebar={<Sidebar {...props} checks={checks} onNavigate={() => setOpen(false)} />}
    >
      {props.children}
    </ShellLayout>
  );
}
