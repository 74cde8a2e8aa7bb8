'use client';
import { type FormEvent, useState } from 'react';
import { expandTemplate } from '@/lib/mcplet/resources';
import { Button } from '../ui/button';
import { InlineIcon, MenuFooter, MenuForm, MenuListbox, MenuPopup, MenuStatus } from './menu-list';
import { ArgumentField, type Complete } from './prompt-arguments-form';
import { fetchResourceCompletions } from './resource-requests';
import type { ResourceMenu, TemplateItem } from './use-resource-menu';

export const RESOURCE_LISTBOX_ID = 'resource-menu';

export function resourceOptionId(index: number): string {
  return `resource-option-${index}`;
}

const STATUS = 'resource-menu-status';

/**
 * A template's variables (RFC 6570 names), each a field with the server's suggestions when it
 * completes (MCP completion/complete, `ref/resource`). Attach expands the template here: the URI is
 * only an address; the host reads it when the message is sent.
 */
function TemplateForm({
  item,
  menu,
  onCancel,
}: {
  item: TemplateItem;
  menu: ResourceMenu;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(item.variables.map((name) => [name, ''])),
  );
  const [error, setError] = useState<string | null>(null);
  const complete: Complete | undefined = item.completions
    ? (argument, others, signal) => fetchResourceCompletions(item, argument, others, signal)
    : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const uri = expandTemplate(item.uriTemplate, values);
    if (!uri.ok) {
      setError(uri.error);
      return;
    }
    menu.attach({ serverId: item.serverId, serverName: item.serverName, uri: uri.value, name: uri.value });
  }

  return (
    <MenuForm
      heading={`Resource: ${item.title ?? item.name} · ${item.serverName}`}
      sub={<p className="font-mono text-xs text-muted">{item.uriTemplate}</p>}
      onSubmit={submit}
      onCancel={onCancel}
      error={error}
      submit={
        <Button type="submit" variant="primary" data-testid="resource-attach">
          Attach resource
        </Button>
      }
      testId="resource-template-form"
    >
      {item.variables.map((name, index) => (
        <ArgumentField
          key={name}
          argument={{ name, required: true }}
          value={values[name] ?? ''}
          values={values}
          first={index === 0}
          complete={complete}
          testId="resource-variable"
          onChange={(value) => setValues((old) => ({ ...old, [name]: value }))}
        />
      ))}
    </MenuForm>
  );
}

/**
 * The resource picker above the composer: a listbox of the user's servers' resources and templates
 * (title, name, MIME type, server, inline icon) with loading, empty and error states, or a chosen
 * template's small form.
 */
export function ResourceMenuPopup({ menu, onCancelForm }: { menu: ResourceMenu; onCancelForm: () => void }) {
  const { list, filtered, active, asking, filter } = menu;
  return (
    <MenuPopup testId="resource-menu">
      {asking ? (
        <TemplateForm item={asking} menu={menu} onCancel={onCancelForm} />
      ) : list.status === 'loading' ? (
        <MenuStatus testId={STATUS}>Loading resources…</MenuStatus>
      ) : list.status === 'error' ? (
        <MenuStatus alert testId={STATUS}>
          Resources could not be loaded: {list.error}
        </MenuStatus>
      ) : (
        <>
          {list.items.length === 0 ? (
            <MenuStatus testId={STATUS}>No resources from your servers</MenuStatus>
          ) : filtered.length === 0 ? (
            <MenuStatus testId={STATUS}>No resource matches “{filter}”.</MenuStatus>
          ) : (
            <MenuListbox
              id={RESOURCE_LISTBOX_ID}
              label="Resources from your servers"
              items={filtered}
              active={active}
              optionId={resourceOptionId}
              keyOf={(item) =>
                `${item.serverId}/${item.kind === 'resource' ? item.uri : `template:${item.uriTemplate}`}`
              }
              onPick={menu.pick}
              onHover={menu.setActive}
              testId="resource-options"
              optionTestId="resource-option"
            >
              {(item) => (
                <>
                  <InlineIcon icons={item.icons} testId="resource-icon" />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-medium">
                      {item.title ?? item.name}
                      {item.kind === 'template' ? <span className="text-muted"> (template)</span> : null}
                    </span>
                    <span className="truncate text-xs text-muted">
                      {item.title ? `${item.name} · ` : ''}
                      {item.kind === 'resource' ? item.uri : item.uriTemplate}
                      {item.mimeType ? ` · ${item.mimeType}` : ''}
                    </span>
                  </span>
                  <span className="shrink-0 text-xs text-muted">{item.serverName}</span>
                </>
              )}
            </MenuListbox>
          )}
          <MenuFooter problems={list.problems} testId="resource-problem" />
        </>
      )}
    </MenuPopup>
  );
}
