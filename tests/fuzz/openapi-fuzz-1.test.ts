import { fuzzRoutes } from './openapi-fuzz.js';

fuzzRoutes(1, 2);
