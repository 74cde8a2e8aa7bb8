import 'server-only';
import {
  type ResourceInfo,
  type ResourceTemplateInfo,
  readResourceList,
  readTemplateList,
} from '../mcplet/resources';
import { FeatureList, type FeatureSource, listPages, type Note } from './feature-list';

const declared: FeatureSource<unknown>['declared'] = (client) =>
  client.getServerCapabilities()?.resources !== undefined;

/** A server's MCP resources (`resources/list`, every page, read leniently by lib/mcplet/resources.ts). */
const RESOURCES: FeatureSource<ResourceInfo> = {
  what: 'resources',
  method: 'resources/list',
  noun: 'resource',
  declared,
  async list(client, timeoutMs) {
    const listed = await listPages(client, 'resources/list', 'resources', timeoutMs);
    return { ...listed, ...readResourceList(listed.entries) };
  },
};

/** Its resource templates (`resources/templates/list`), beside the resources. */
const TEMPLATES: FeatureSource<ResourceTemplateInfo> = {
  what: 'resource templates',
  method: 'resources/templates/list',
  noun: 'template',
  declared,
  async list(client, timeoutMs) {
    const listed = await listPages(client, 'resources/templates/list', 'resourceTemplates', timeoutMs);
    return { ...listed, ...readTemplateList(listed.entries) };
  },
};

/** One server's resources, kept on its connection (feature-list.ts says when they are listed). */
export class ResourceList extends FeatureList<ResourceInfo> {
  constructor(note: Note, timeoutMs: number) {
    super(RESOURCES, note, timeoutMs);
  }
}

/** One server's resource templates, listed with its resources. */
export class TemplateList extends FeatureList<ResourceTemplateInfo> {
  constructor(note: Note, timeoutMs: number) {
    super(TEMPLATES, note, timeoutMs);
  }
}
