export { SuggestionsScreen } from './suggestions-screen';
export { SuggestImprovementDialog } from './components/suggest-improvement';
export { SuggestImprovementButton } from './components/suggest-improvement-button';
