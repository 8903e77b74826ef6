import type { Extension } from '../infer/api.js';
import { collections } from './collections.js';
import { data } from './data.js';
import { eloquent } from './eloquent.js';
import { enums } from './enums.js';
import { exceptions } from './exceptions.js';
import { fractal } from './fractal.js';
import { facades } from './facades.js';
import { functions } from './functions.js';
import { jobs } from './jobs.js';
import { requests } from './requests.js';
import { validation } from './validation.js';
import { values } from './values.js';
import { paginators } from './paginators.js';
import { presenters } from './presenters.js';
import { resources } from './resources.js';
import { responses } from './response.js';

/** Laravel's knowledge, one concept a file; later entries win where two name the same thing. */
export const EXTENSIONS: readonly Extension[] = [
  functions,
  values,
  requests,
  facades,
  collections,
  eloquent,
  enums,
  paginators,
  resources,
  responses,
  fractal,
  data,
  presenters,
  jobs,
  validation,
  exceptions,
];
