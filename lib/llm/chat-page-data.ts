import 'server-only';
import { hostConfig } from '../config/load';
import { modelCatalog } from './model-catalog';
import { modelInputs } from './model-inputs';
import { HOW_TO_ADD_A_MODEL } from './providers';

/**
 * The model list and the one a new conversation starts with: the user's default from their
 * settings when the host still lists it, else the host's, else the first listed.
 */
export async function chatPageModels(userDefault: string | null = null) {
  const catalog = await modelCatalog();
  const config = hostConfig();
  const listed = (id: string | null | undefined) => catalog.models.find((m) => m.id === id)?.id;
  return {
    // `accepts`: what each model takes in an attachment, so the composer can say so before sending.
    models: catalog.models.map((m) => ({
      id: m.id,
      label: m.label,
      accepts: modelInputs(m, config.models.inputs),
    })),
    defaultModelId: listed(userDefault) ?? listed(config.models.default) ?? catalog.models[0]?.id ?? null,
    modelHelp: catalog.models.length === 0 ? HOW_TO_ADD_A_MODEL : null,
    attachments: config.attachments,
  };
}
