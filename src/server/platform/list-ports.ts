/**
 * The ports with a list value, by name: the type of one entry. Any number of modules contribute entries
 * (`contributes` in their manifests, in the order of the list of modules); a module that `collects` the
 * port is given all of them, and none is an empty list, not an error. The module that collects a list
 * declares it in its index.ts by augmenting this interface, as with `Ports`
 * (`declare module '../../platform/list-ports.js' { interface ListPorts { entryUsageReaders: EntryUsageReader } }`).
 * Apart from module.ts so that the job contract (jobs.ts) can name them without a cycle.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules that collect a list (augmentation)
export interface ListPorts {}

export type ListPortName = keyof ListPorts;

/** The resolved list ports: every contribution to each. */
export type ListPortValues = { readonly [K in ListPortName]: readonly ListPorts[K][] };

/** What a module contributes to list ports: its entries of each. */
export type ListPortContributions = { readonly [K in ListPortName]?: readonly ListPorts[K][] };
