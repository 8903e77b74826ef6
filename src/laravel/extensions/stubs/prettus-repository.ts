/**
 * prettus/l5-repository's base repository, as PHP the generator reads in place of the vendor
 * file: a repository's `model()` names the model, and the finders give that model, its
 * collections and its paginators. Criteria and scopes narrow the query without changing its
 * model, so they are kept as such; a presenter's output is not modelled (the results are
 * given as Eloquent gives them). Written for apidoc from the package's documented API.
 */
export const PRETTUS_REPOSITORY: Readonly<Record<string, string>> = {
  'Prettus\\Repository\\Eloquent\\BaseRepository': `<?php
namespace Prettus\\Repository\\Eloquent;

abstract class BaseRepository
{
    protected $model;

    public function __construct()
    {
        $this->makeModel();
    }

    abstract public function model();

    public function makeModel()
    {
        $this->model = app($this->model());
        return $this->model;
    }

    public function resetModel()
    {
        $this->makeModel();
    }

    public function pushCriteria($criteria)
    {
        return $this;
    }

    public function popCriteria($criteria)
    {
        return $this;
    }

    public function skipCriteria($status = true)
    {
        return $this;
    }

    public function resetCriteria()
    {
        return $this;
    }

    public function applyCriteria()
    {
        return $this;
    }

    public function scopeQuery(\\Closure $scope)
    {
        return $this;
    }

    public function resetScope()
    {
        return $this;
    }

    protected function applyScope()
    {
        return $this;
    }

    public function skipPresenter($status = true)
    {
        return $this;
    }

    public function parserResult($result)
    {
        return $result;
    }

    public function all($columns = ['*'])
    {
        return $this->model->get($columns);
    }

    public function get($columns = ['*'])
    {
        return $this->model->get($columns);
    }

    public function first($columns = ['*'])
    {
        return $this->model->first($columns);
    }

    public function firstOrNew(array $attributes = [])
    {
        return $this->model->firstOrNew($attributes);
    }

    public function firstOrCreate(array $attributes = [])
    {
        return $this->model->firstOrCreate($attributes);
    }

    public function count(array $where = [], $columns = '*')
    {
        return $this->model->count($columns);
    }

    public function pluck($column, $key = null)
    {
        return $this->model->pluck($column, $key);
    }

    public function paginate($limit = null, $columns = ['*'], $method = 'paginate')
    {
        return $this->model->{$method}($limit, $columns);
    }

    public function simplePaginate($limit = null, $columns = ['*'])
    {
        return $this->model->simplePaginate($limit, $columns);
    }

    public function find($id, $columns = ['*'])
    {
        return $this->model->findOrFail($id, $columns);
    }

    public function findByField($field, $value = null, $columns = ['*'])
    {
        return $this->model->where($field, '=', $value)->get($columns);
    }

    public function findWhere(array $where, $columns = ['*'])
    {
        return $this->model->get($columns);
    }

    public function findWhereIn($field, array $values, $columns = ['*'])
    {
        return $this->model->whereIn($field, $values)->get($columns);
    }

    public function findWhereNotIn($field, array $values, $columns = ['*'])
    {
        return $this->model->whereNotIn($field, $values)->get($columns);
    }

    public function findWhereBetween($field, array $values, $columns = ['*'])
    {
        return $this->model->whereBetween($field, $values)->get($columns);
    }

    public function create(array $attributes)
    {
        $model = $this->model->newInstance($attributes);
        $model->save();
        return $model;
    }

    public function update(array $attributes, $id)
    {
        $model = $this->model->findOrFail($id);
        $model->fill($attributes);
        $model->save();
        return $model;
    }

    public function updateOrCreate(array $attributes, array $values = [])
    {
        return $this->model->updateOrCreate($attributes, $values);
    }

    public function delete($id)
    {
        $model = $this->find($id);
        return $model->delete();
    }

    public function deleteWhere(array $where)
    {
        return $this->model->delete();
    }

    public function has($relation)
    {
        $this->model = $this->model->has($relation);
        return $this;
    }

    public function with($relations)
    {
        $this->model = $this->model->with($relations);
        return $this;
    }

    public function withCount($relations)
    {
        $this->model = $this->model->withCount($relations);
        return $this;
    }

    public function whereHas($relation, $closure)
    {
        $this->model = $this->model->whereHas($relation, $closure);
        return $this;
    }

    public function orderBy($column, $direction = 'asc')
    {
        $this->model = $this->model->orderBy($column, $direction);
        return $this;
    }

    public function take($limit)
    {
        $this->model = $this->model->limit($limit);
        return $this;
    }

    public function limit($limit, $columns = ['*'])
    {
        $this->take($limit);
        return $this->all($columns);
    }

    public function hidden(array $fields)
    {
        return $this;
    }

    public function visible(array $fields)
    {
        return $this;
    }
}
`,
};
