/** Browser-safe constants and texts of the personal pages (spec sections 2, 8 and 9). */
export const PERSONAL_SKELETONS = 20;
export const LOGIN_TO_SAVE = 'Please log in to save items to your list.';
export const LOGIN_TO_RATE = 'Please log in to rate this item.';
export const LIST_UPDATE_FAILED = 'Update failed.';
export const ADD_FAILED = 'Could not add item to your list.';
export const RATING_FAILED = 'Failed to save your rating.';
export const LOGIN_TO_SEE_LIST = 'Please log in to see your list.';
export const LOGIN_FOR_RECOMMENDATIONS = 'Please log in to get personalized recommendations.';
export const RECOMMENDATIONS_FAILED = 'Could not load recommendations at this time.';
export const NO_RECOMMENDATIONS = 'No recommendations yet. Rate or save a few titles to get started.';
export const NO_PUBLIC_REQUESTS = 'No public requests yet. Be the first!';
export const EMPTY_REQUEST = 'Please enter a request.';
export const REQUEST_SUBMITTED = 'Your request has been submitted!';
export const REQUEST_FAILED = 'Failed to submit request. Please try again.';
