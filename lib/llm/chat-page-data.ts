import 'server-only';
import { hostConfig } from '../config/load';
import { modelCatalog } from './model-catalog';
import { HOW_TO_ADD_A_MODEL } from './providers';

/**
 * The model list and the one a new conversation starts with: the user's default from their
 * settings when the host still lists it, else the host's, else the first listed.
 */
export async function chatPageModels(userDefault: string | null = null) {
  const catalog = await modelCatalog();
  const listed = (id: string | null | undefined) => catalog.models.find((m) => m.id === id)?.id;
  return {
    models: catalog.models.map(({ id, label }) => ({ id, label })),
    defaultModelId:
      listed(userDefault) ?? listed(hostConfig().models.default) ?? catalog.models[0]?.id ?? null,
    modelHelp: catalog.models.length === 0 ? HOW_TO_ADD_A_MODEL : null,
  };
}
