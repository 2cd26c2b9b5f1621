import { fuzzRoutes } from './openapi-fuzz.js';

fuzzRoutes(2, 2);
