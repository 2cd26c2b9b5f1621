export { SuggestionsScreen } from './suggestions-screen';
export { SuggestImprovementButton, SuggestImprovementDialog } from './components/suggest-improvement';
