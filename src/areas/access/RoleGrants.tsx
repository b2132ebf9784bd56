// A role's rights as the menu tree: groups and screens as the menu shows them (in the user's language),
// each screen with only the actions its module offers, a tick on a group or screen for all of its actions,
// and how many are granted. The form's editor and the detail's read-only view of the `permissions` lines.
import {
  Alert,
  Card,
  Checkbox,
  Form,
  Input,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import i18next, { type TFunction } from 'i18next';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDecl } from '../../framework/resource/index.ts';
import { dictionaryWordKey, useDictionaryWords } from '../../framework/screens/dictionaryWords.ts';
import type { LinesInputProps } from '../../framework/screens/extensions.ts';
import { useLabel } from '../../framework/screens/fieldDisplay.tsx';
import { type ResourceRecord, resourceApi } from '../../framework/screens/resourceApi.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { DEFAULT_LOCALE } from '../../shared/constants.ts';
import {
  countUnder,
  GRANT_TREE_PATH,
  type GrantLine,
  type GrantTree,
  type GrantTreeAnswer,
  type GrantTreeNode,
  grantTree,
  heldOnScreen,
  linesByModule,
  linesOf,
  type OfferedCode,
  roleWideHeld,
  setAllUnder,
  setRoleWide,
  setScreenCode,
} from './grants.ts';

const grantsApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    roleGrantTree: build.query<GrantTreeAnswer, void>({
      query: () => ({ url: GRANT_TREE_PATH, body: {} }),
      transformResponse: (answer: Envelope<GrantTreeAnswer>) => answer.data!,
      providesTags: [{ type: 'Resource', id: 'pri/module' }],
    }),
  }),
});

type Held = ReadonlyMap<string, ReadonlySet<string>>;

/** A menu title in the user's language, as the menu shows it (an administrator's own title stays as given). */
function nodeTitle(node: GrantTreeNode, t: TFunction, language: string): string {
  if (language.toLowerCase() === DEFAULT_LOCALE || !node.titleKey) return node.title;
  return t(node.titleKey, { ns: 'shell', defaultValue: node.title });
}

interface Row {
  key: string;
  node: GrantTreeNode;
  children?: Row[];
}

function rowsOf(tree: GrantTree, parent: string | null, keep: (node: GrantTreeNode) => boolean): Row[] {
  return (tree.childrenOf.get(parent) ?? []).filter(keep).flatMap((node) => {
    if (node.kind !== 'group') return [{ key: node.id, node }];
    const children = rowsOf(tree, node.id, keep);
    return children.length > 0 ? [{ key: node.id, node, children }] : [];
  });
}

/** The keys of every group row, at any depth (a header group and its side-menu groups). */
const groupKeys = (rows: Row[]): string[] =>
  rows.flatMap((row) => (row.children ? [row.key, ...groupKeys(row.children)] : []));

/**
 * The word of each permission code in the user's language: the dictionary's (as stored in zh-chs), else
 * the system's word for a code the dictionary lacks or stores untranslated (a role-wide code an area
 * seeded), else the name stored with the module.
 */
function useCodeWords() {
  const { t, i18n } = useTranslation();
  const { data } = useDictionaryWords('permissionCode');
  const language = (i18n.language ?? DEFAULT_LOCALE).toLowerCase();
  return useMemo(() => {
    const stored = new Map((data ?? []).map((entry) => [entry.value, entry.label]));
    return (code: OfferedCode) => {
      const key = dictionaryWordKey('permissionCode', code.code);
      const system = i18next.exists(key, { ns: 'common' }) ? t(key, { ns: 'common' }) : undefined;
      const word = stored.get(code.code);
      if (language === DEFAULT_LOCALE) return word ?? system ?? code.name;
      return (word !== undefined && word !== code.name ? word : undefined) ?? system ?? word ?? code.name;
    };
  }, [data, t, language]);
}

interface GrantsTableProps {
  tree: GrantTree;
  held: Held;
  /** Absent: read-only, only what the role holds. */
  onChange?: (held: Map<string, Set<string>>) => void;
}

function GrantsTable({ tree, held, onChange }: GrantsTableProps) {
  const { t, i18n } = useTranslation();
  const word = useCodeWords();
  const language = i18n.language ?? DEFAULT_LOCALE;
  const readOnly = !onChange;
  const [search, setSearch] = useState('');
  const wanted = search.trim().toLowerCase();
  const holds = (node: GrantTreeNode) => countUnder(tree, held, node.id).granted > 0;
  // A screen shows while its title or its group's has the searched words.
  const found = (node: GrantTreeNode) => {
    const group = node.parentId === null ? undefined : tree.byId.get(node.parentId);
    return [node, group].some((n) => n && nodeTitle(n, t, language).toLowerCase().includes(wanted));
  };
  const rows = rowsOf(
    tree,
    null,
    readOnly ? holds : (node) => node.kind === 'group' || (node.codes.length > 0 && (!wanted || found(node))),
  );
  // The view opens every group it shows; the editor those the role holds something in, or all it finds.
  const [expanded, setExpanded] = useState<readonly Key[]>(() =>
    readOnly ? groupKeys(rows) : groupKeys(rows).filter((key) => holds(tree.byId.get(key)!)),
  );
  const columns: TableColumnsType<Row> = [
    {
      key: 'menu',
      title: t('access:grants.menu'),
      width: 260,
      render: (_, { node }) => {
        const title = nodeTitle(node, t, language);
        const { granted, offered } = countUnder(tree, held, node.id);
        // While searching, a group's tick would also grant the screens the search hides.
        if (readOnly || offered === 0 || (wanted && node.kind === 'group')) return title;
        return (
          <Checkbox
            checked={granted === offered}
            indeterminate={granted > 0 && granted < offered}
            onChange={(event) => onChange(setAllUnder(tree, held, node.id, event.target.checked))}
            aria-label={t('access:grants.all', { title })}
          >
            {title}
          </Checkbox>
        );
      },
    },
    {
      key: 'actions',
      title: t('access:grants.actions'),
      render: (_, { node }) => {
        if (node.kind === 'group') return null;
        const granted = heldOnScreen(tree, held, node.id);
        const title = nodeTitle(node, t, language);
        if (readOnly)
          return node.codes
            .filter((code) => granted.has(code.code))
            .map((code) => <Tag key={code.code}>{word(code)}</Tag>);
        return (
          <Space size={[12, 4]} wrap role="group" aria-label={t('access:grants.actionsOf', { title })}>
            {node.codes.map((code) => (
              <Checkbox
                key={code.code}
                checked={granted.has(code.code)}
                onChange={(event) =>
                  onChange(setScreenCode(tree, held, node.id, code.code, event.target.checked))
                }
              >
                {word(code)}
              </Checkbox>
            ))}
          </Space>
        );
      },
    },
    {
      key: 'count',
      title: t('access:grants.granted'),
      width: 96,
      align: 'right',
      render: (_, { node }) => {
        const { granted, offered } = countUnder(tree, held, node.id);
        return (
          <Typography.Text type={granted > 0 ? undefined : 'secondary'}>
            {granted}/{offered}
          </Typography.Text>
        );
      },
    },
  ];
  const table = (
    <Table<Row>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={false}
      expandable={{
        expandedRowKeys: wanted ? groupKeys(rows) : expanded,
        onExpandedRowsChange: setExpanded,
        indentSize: 20,
      }}
      scroll={{ y: readOnly ? undefined : 480 }}
    />
  );
  if (readOnly) return table;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        placeholder={t('access:grants.search')}
        aria-label={t('access:grants.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ maxWidth: 320 }}
      />
      {table}
    </Space>
  );
}

/** The whole role's counts: actions granted and screens reached. */
function Summary({ tree, held }: { tree: GrantTree; held: Held }) {
  const { t } = useTranslation();
  const screens = tree.nodes.filter((node) => node.kind !== 'group');
  const reached = screens.filter((screen) => heldOnScreen(tree, held, screen.id).size > 0);
  const actions = reached.reduce((sum, screen) => sum + heldOnScreen(tree, held, screen.id).size, 0);
  return (
    <Typography.Text type="secondary">
      {t('access:grants.summary', { actions, screens: reached.length })}
    </Typography.Text>
  );
}

function useTree() {
  const { data, isLoading, isError } = grantsApi.useRoleGrantTreeQuery();
  const tree = useMemo(() => (data?.nodes ? grantTree(data.nodes) : undefined), [data]);
  return { tree, roleWide: data?.roleWide ?? [], isLoading, isError };
}

/** The role form's editor of its rights: the `permissions` lines as the menu tree. */
export function RoleGrantsInput({ value, onChange }: LinesInputProps) {
  const { t } = useTranslation();
  const word = useCodeWords();
  const { tree, roleWide, isLoading, isError } = useTree();
  const held = useMemo(() => linesByModule(value as GrantLine[] | undefined), [value]);
  const allRights = Form.useFormInstance().getFieldValue('allRights') === true;
  if (isLoading) return <Spin />;
  if (isError || !tree) return <Alert type="error" title={t('access:grants.loadFailed')} />;
  const change = (next: Map<string, Set<string>>) => onChange?.(linesOf(tree, next) as never);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {allRights ? <Alert type="info" title={t('access:grants.allRightsEdit')} /> : null}
      <Space wrap>
        <Summary tree={tree} held={held} />
        {roleWide.map((code) => (
          <Checkbox
            key={code.code}
            checked={roleWideHeld(held, code.code)}
            onChange={(event) => change(setRoleWide(tree, held, code.code, event.target.checked))}
          >
            {t('access:grants.roleWide', { word: word(code) })}
          </Checkbox>
        ))}
      </Space>
      <GrantsTable tree={tree} held={held} onChange={change} />
    </Space>
  );
}

/** The role detail's rights: the screens it holds actions on, as the menu tree, read-only. */
export function RoleGrantsView({ decl, record }: { decl: ResourceDecl; record: ResourceRecord }) {
  const label = useLabel();
  const { t } = useTranslation();
  const word = useCodeWords();
  const { tree, roleWide, isLoading, isError } = useTree();
  const lines = decl.lines!;
  const held = useMemo(() => linesByModule(record[lines.key] as GrantLine[] | undefined), [record, lines]);
  const wide = roleWide.filter((code) => roleWideHeld(held, code.code));
  return (
    <Card
      size="small"
      title={label(lines.title)}
      extra={
        tree ? (
          <Space>
            {wide.map((code) => (
              <Tag key={code.code} color="orange">
                {t('access:grants.roleWide', { word: word(code) })}
              </Tag>
            ))}
            <Summary tree={tree} held={held} />
          </Space>
        ) : null
      }
    >
      {record.allRights === true ? (
        <Alert type="info" title={t('access:grants.allRights')} style={{ marginBottom: 8 }} />
      ) : null}
      {isLoading ? <Spin /> : null}
      {!isLoading && (isError || !tree) ? <Alert type="error" title={t('access:grants.loadFailed')} /> : null}
      {tree ? <GrantsTable tree={tree} held={held} /> : null}
    </Card>
  );
}
