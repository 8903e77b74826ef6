// A worker module that does not load.
throw new Error('the worker module does not load');
